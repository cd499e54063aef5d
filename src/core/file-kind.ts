/** What a path that is no regular file is, for a message: `a named pipe (FIFO)`, `a device`, `a folder`. */

/** The part of `fs.Stats` that tells the kind of a file. */
export interface FileKindStats {
  isDirectory(): boolean;
  isFIFO(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
  isSocket(): boolean;
}

export function fileKindOf(stats: FileKindStats): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isSocket()) return 'a socket';
  return 'not a file';
}
