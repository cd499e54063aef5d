/**
 * Where a write through `path` lands: the path itself, or, when it is a symbolic link, the file the chain of links
 * ends at, whether or not that file exists yet (a dangling link names the file to create). A chain that loops or
 * runs past 40 links is an error, as the system's own lookup makes it.
 */
import { lstat, readlink } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

const MAX_LINKS = 40;

export async function linkTarget(path: string): Promise<string> {
  let current = resolve(path);
  for (let hops = 0; hops <= MAX_LINKS; hops += 1) {
    const info = await lstat(current).catch((error: unknown) => {
      if ((error as { code?: unknown }).code === 'ENOENT') return null;
      throw error;
    });
    if (info === null || !info.isSymbolicLink()) return current;
    current = resolve(dirname(current), await readlink(current));
  }
  throw Object.assign(new Error(`ELOOP: too many symbolic links (a loop?) from ${path}`), { code: 'ELOOP' });
}
