import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { readGitHead } from './read-git-head.js';

/**
 * One lookup per folder: started early, its answer is ready when the run record needs it. The repository's
 * files answer it (read-git-head.ts); `git rev-parse HEAD` only when they cannot.
 */
const lookups = new Map<string, Promise<string | null>>();

/** The git commit of the folder holding the config, or null outside a repository. */
export function gitCommit(cwd: string): Promise<string | null> {
  const folder = resolve(cwd);
  let lookup = lookups.get(folder);
  if (lookup === undefined) {
    lookup = readGitHead(folder, process.env).then((read) => (read === undefined ? askGit(folder) : read));
    lookups.set(folder, lookup);
  }
  return lookup;
}

async function askGit(folder: string): Promise<string | null> {
  const { execFile } = await import('node:child_process');
  return new Promise((done) => {
    execFile('git', ['rev-parse', 'HEAD'], { cwd: folder, timeout: 5000 }, (error, stdout) => {
      done(error ? null : stdout.trim() || null);
    });
  });
}

/**
 * Starts looking up the commit of the folder a `holodeck test <config>` argument names (the folder itself,
 * or the one holding the file), so git runs while the command's code and config load.
 */
export function prefetchGitCommit(configArgument: string): void {
  let folder = dirname(configArgument);
  try {
    if (statSync(configArgument).isDirectory()) folder = configArgument;
  } catch {
    return; // no such file: the command reports it
  }
  void gitCommit(folder);
}
