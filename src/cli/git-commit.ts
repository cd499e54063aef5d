import { execFile } from 'node:child_process';

/** The git commit of the folder holding the config, or null outside a repository. */
export function gitCommit(cwd: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile('git', ['rev-parse', 'HEAD'], { cwd, timeout: 5000 }, (error, stdout) => {
      resolve(error ? null : stdout.trim() || null);
    });
  });
}
