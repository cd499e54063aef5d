/**
 * What tells one version of a run file from another without reading it: its modification time and size, which
 * a copy or an editor may keep (`touch -r`, `cp -p`), and its change time and inode, which no one can set back —
 * the change time moves on every write and every change of the times, and a file put in place by a rename (an
 * atomic write, a copy moved over it) has another inode.
 */
import type { Stats } from 'node:fs';

export interface FileVersion {
  readonly mtimeMs: number;
  readonly ctimeMs: number;
  readonly ino: number;
  readonly size: number;
}

export function fileVersion(stats: Stats): FileVersion {
  return { mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, ino: stats.ino, size: stats.size };
}

/** True when both describe the same version of a file (a cached summary or run of it is still good). */
export function sameVersion(a: FileVersion, b: FileVersion): boolean {
  return a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino && a.size === b.size;
}
