/** Writes a file so readers see either the old content or the new, never a half-written file. */
import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** How file reporters write their output; tests may pass their own. */
export type WriteFile = (path: string, data: string) => Promise<void>;

/**
 * Writes `data` to a temporary file in the target's folder (created if missing), flushes it to disk, then
 * renames it over the target. On failure the temporary file is removed and the target is left untouched.
 */
export async function writeFileAtomic(path: string, data: string): Promise<void> {
  const folder = dirname(path);
  await mkdir(folder, { recursive: true });
  const temp = join(folder, `.${basename(path)}.${randomUUID()}.tmp`);
  try {
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(data, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}
