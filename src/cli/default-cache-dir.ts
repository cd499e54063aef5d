/** Where `--cache` keeps model answers unless `--cache-dir` says: `$XDG_CACHE_HOME/holodeck`, else `~/.cache/holodeck`. */
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

export function defaultCacheDir(env: Readonly<Record<string, string | undefined>>, home = homedir()): string {
  const xdg = env['XDG_CACHE_HOME']?.trim();
  // The XDG spec ignores a relative XDG_CACHE_HOME.
  if (xdg !== undefined && xdg !== '' && isAbsolute(xdg)) return join(xdg, 'holodeck');
  return join(home, '.cache', 'holodeck');
}

/** `--cache-dir DIR` (relative to the working folder), else the default. */
export function cacheDirOf(option: string | undefined, env: Readonly<Record<string, string | undefined>>): string {
  return option === undefined ? defaultCacheDir(env) : resolve(option);
}
