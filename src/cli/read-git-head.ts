/**
 * The commit HEAD names, read from the repository's files as `git rev-parse HEAD` would answer, so a run does
 * not start a git process before its first model request (spawning one costs the main thread ~10–20 ms).
 * The usual layouts are read here: a `.git` folder or a `.git` file pointing at one (worktrees, submodules),
 * HEAD on a branch or detached, the branch as a loose ref or in `packed-refs`. Anything else — git's
 * environment variables, a symbolic ref chain, an unborn branch, another ref storage — is left to git
 * itself: the answer is then `undefined`.
 */
import { readFile, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';

const OBJECT_ID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
/** Variables that change where or how git looks for the repository. */
const GIT_ENV = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_COMMON_DIR',
  'GIT_CEILING_DIRECTORIES',
  'GIT_DISCOVERY_ACROSS_FILESYSTEM',
];

/** The commit, null outside a repository, undefined when git itself must be asked. */
export async function readGitHead(
  folder: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<string | null | undefined> {
  if (GIT_ENV.some((name) => env[name] !== undefined)) return undefined;
  try {
    const gitDir = await findGitDir(resolve(folder));
    if (gitDir === null) return null;
    const head = (await readFile(join(gitDir, 'HEAD'), 'utf8')).trim();
    if (OBJECT_ID.test(head)) return head;
    const ref = /^ref: (refs\/[^\s]+)$/.exec(head)?.[1];
    if (ref === undefined || ref.split('/').includes('..')) return undefined;
    return await resolveRef(gitDir, ref);
  } catch {
    return undefined;
  }
}

/** The git folder of the repository holding `folder`, or null when no folder up to the root has `.git`. */
async function findGitDir(folder: string): Promise<string | null> {
  for (let dir = folder; ; dir = dirname(dir)) {
    const dotGit = join(dir, '.git');
    const found = await stat(dotGit).catch(() => null);
    if (found?.isDirectory()) return dotGit;
    if (found?.isFile()) {
      const pointer = /^gitdir: (.+)$/m.exec(await readFile(dotGit, 'utf8'))?.[1]?.trim();
      if (pointer === undefined) throw new Error(`${dotGit} names no git folder`);
      return isAbsolute(pointer) ? pointer : resolve(dir, pointer);
    }
    if (dirname(dir) === dir) return null;
  }
}

/** A branch's commit: loose (in the worktree's folder, then the shared one), else from packed-refs. */
async function resolveRef(gitDir: string, ref: string): Promise<string | undefined> {
  const common = await readFile(join(gitDir, 'commondir'), 'utf8').then(
    (text) => resolve(gitDir, text.trim()),
    () => gitDir,
  );
  for (const dir of gitDir === common ? [gitDir] : [gitDir, common]) {
    const loose = await readFile(join(dir, ref), 'utf8').catch(() => null);
    if (loose !== null) return OBJECT_ID.test(loose.trim()) ? loose.trim() : undefined;
  }
  const packed = await readFile(join(common, 'packed-refs'), 'utf8').catch(() => '');
  for (const line of packed.split('\n')) {
    const [id, name] = line.trim().split(' ');
    if (name === ref && id !== undefined && OBJECT_ID.test(id)) return id;
  }
  return undefined;
}
