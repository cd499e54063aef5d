import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gitCommit, prefetchGitCommit } from './git-commit.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function repository(): Promise<{ dir: string; commit: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'holodeck-git-'));
  dirs.push(dir);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
  git('init', '-q');
  await writeFile(join(dir, 'agent.yaml'), 'name: a\n');
  git('add', '.');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'first');
  return { dir, commit: git('rev-parse', 'HEAD') };
}

describe('gitCommit', () => {
  it("gives the commit of the config's folder, once per folder, also when looked up early from the argument", async () => {
    const { dir, commit } = await repository();
    prefetchGitCommit(join(dir, 'agent.yaml'));
    const first = gitCommit(dir);
    expect(gitCommit(`${dir}/.`)).toBe(first); // the same lookup, not a second git process
    expect(await first).toBe(commit);
  });

  it('gives null outside a repository, and the prefetch of a missing path starts nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-nogit-'));
    dirs.push(dir);
    await mkdir(join(dir, 'project'));
    prefetchGitCommit(join(dir, 'missing.yaml'));
    expect(await gitCommit(join(dir, 'project'))).toBeNull();
  });
});
