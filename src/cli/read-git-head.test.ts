import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readGitHead } from './read-git-head.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function scratch(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'holodeck-head-'));
  dirs.push(dir);
  return dir;
}

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
const commit = (cwd: string, message: string) =>
  git(cwd, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '--allow-empty', '-m', message);

/** A repository with two commits on its branch, and a sub folder. */
async function repository(): Promise<string> {
  const dir = await scratch();
  git(dir, 'init', '-q');
  await mkdir(join(dir, 'agents', 'one'), { recursive: true });
  commit(dir, 'first');
  commit(dir, 'second');
  return dir;
}

describe('readGitHead', () => {
  it('answers as git rev-parse HEAD for a branch, from a sub folder too', async () => {
    const dir = await repository();
    expect(await readGitHead(join(dir, 'agents', 'one'), {})).toBe(git(dir, 'rev-parse', 'HEAD'));
  });

  it('reads a branch from packed-refs, and a detached HEAD', async () => {
    const dir = await repository();
    git(dir, 'pack-refs', '--all');
    expect(await readGitHead(dir, {})).toBe(git(dir, 'rev-parse', 'HEAD'));
    git(dir, 'checkout', '-q', '--detach', 'HEAD~1');
    expect(await readGitHead(dir, {})).toBe(git(dir, 'rev-parse', 'HEAD'));
  });

  it('follows the .git file of a worktree to its own HEAD', async () => {
    const dir = await repository();
    const tree = join(await scratch(), 'tree');
    git(dir, 'worktree', 'add', '-q', '-b', 'other', tree, 'HEAD~1');
    commit(tree, 'third');
    expect(await readGitHead(tree, {})).toBe(git(tree, 'rev-parse', 'HEAD'));
    expect(await readGitHead(tree, {})).not.toBe(await readGitHead(dir, {}));
  });

  it('gives null outside a repository, and leaves an unborn branch or git variables to git', async () => {
    const outside = await scratch();
    expect(await readGitHead(outside, {})).toBeNull();
    const empty = await scratch();
    git(empty, 'init', '-q');
    expect(await readGitHead(empty, {})).toBeUndefined();
    const dir = await repository();
    expect(await readGitHead(dir, { GIT_DIR: join(dir, '.git') })).toBeUndefined();
  });

  it('leaves a .git file that names no folder to git', async () => {
    const dir = await scratch();
    await writeFile(join(dir, '.git'), 'not a pointer\n');
    expect(await readGitHead(dir, {})).toBeUndefined();
  });
});
