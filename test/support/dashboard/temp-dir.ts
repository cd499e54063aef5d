/** Temporary folders for tests, removed by the returned cleanup. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TempDir {
  readonly dir: string;
  cleanup(): Promise<void>;
}

export async function tempDir(prefix = 'holodeck-dashboard-'): Promise<TempDir> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}
