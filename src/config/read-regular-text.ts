/**
 * Reads a file the configuration names, as text. Only a regular file: a FIFO would block the read until some
 * other process writes to it (for ever, if none does) and a device such as /dev/zero never ends, so both are
 * refused with NotRegularFileError before anything is read.
 */
import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';

export class NotRegularFileError extends Error {
  constructor(stats: Stats) {
    super(`it is ${kindOf(stats)}, not a regular file (configuration is read from regular files only)`);
    this.name = 'NotRegularFileError';
  }
}

/** Stats of `path`, refusing anything but a regular file. */
export async function regularFileStats(path: string): Promise<Stats> {
  const stats = await stat(path);
  if (!stats.isFile()) throw new NotRegularFileError(stats);
  return stats;
}

export async function readRegularText(path: string): Promise<string> {
  await regularFileStats(path);
  return readFile(path, 'utf8');
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isSocket()) return 'a socket';
  return 'not a file';
}
