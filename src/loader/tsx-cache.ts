/**
 * tsx, which loads TypeScript, keeps what it compiled in a folder of the system's temporary folder
 * (`$TMPDIR/tsx-<uid>`), made on its first compile. Where that folder cannot be made — TMPDIR read-only, owned by
 * someone else, or under a file — every TypeScript tool, grader and module agent failed to load with
 * `EACCES: permission denied, mkdir '…/tsx-1000'`. tsx is then told to keep its compiled code in memory
 * (TSX_DISABLE_CACHE), which costs only the compile the cache would have saved.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

let checked = false;

/** Called before this thread loads tsx: turns tsx's cache off when its folder cannot be made. */
export function keepTsxCacheUsable(): void {
  if (checked) return;
  checked = true;
  if (process.env['TSX_DISABLE_CACHE']) return;
  try {
    mkdirSync(tsxCacheFolder(), { recursive: true });
  } catch {
    process.env['TSX_DISABLE_CACHE'] = '1';
  }
}

/** The folder tsx caches in, as tsx names it. */
export function tsxCacheFolder(): string {
  const owner = process.geteuid?.() ?? userInfo().username;
  return join(tmpdir(), `tsx-${owner}`);
}
