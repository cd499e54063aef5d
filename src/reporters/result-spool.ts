/**
 * An append-only file of rendered test results: each case's rendered parts are appended as it finishes (in
 * any order) and read back by case index when a report is assembled, so a report of any length is written
 * with one case's text in memory at a time. Report files spill to a hidden file beside them; the run record
 * uses its `.partial.jsonl` log this way.
 */
import { randomUUID } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { mkdir, open, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface ResultSpool {
  /** Appends the rendered parts of case `index`; a later call for the same index replaces it. */
  append(index: number, parts: readonly string[]): Promise<void>;
  /** Appends text that belongs to no case (a header line). */
  write(text: string): Promise<void>;
  /** How many cases are stored. */
  readonly size: number;
  /** Part `part` of every stored case, in case order. */
  read(part: number): AsyncIterable<string>;
  /** Closes the file, keeping it. */
  close(): Promise<void>;
  /** Closes and deletes the file. */
  dispose(): Promise<void>;
}

interface Entry {
  readonly offset: number;
  /** Byte length of each part. */
  readonly lengths: readonly number[];
}

/** A spool in a hidden file beside `target`, for a report file being streamed. */
export function createResultSpool(target: string): ResultSpool {
  return openResultSpool(join(dirname(target), `.${basename(target)}.${randomUUID()}.spool`));
}

/** A spool appending to `path` (created when missing; existing content is kept and never read back). */
export function openResultSpool(path: string): ResultSpool {
  const entries = new Map<number, Entry>();
  let handle: Promise<{ fh: FileHandle; end: number }> | null = null;
  let end = 0;
  // Writes are chained so concurrent cases never interleave their bytes.
  let writes: Promise<unknown> = Promise.resolve();
  const file = async () => {
    handle ??= (async () => {
      await mkdir(dirname(path), { recursive: true });
      const fh = await open(path, 'a+');
      return { fh, end: (await fh.stat()).size };
    })();
    const opened = await handle;
    if (end < opened.end) end = opened.end;
    return opened.fh;
  };
  const enqueue = (parts: readonly string[], index: number | null) => {
    const task = writes.then(async () => {
      const buffers = parts.map((part) => Buffer.from(part, 'utf8'));
      const data = Buffer.concat(buffers);
      const fh = await file();
      await appendAll(fh, data);
      if (index !== null) entries.set(index, { offset: end, lengths: buffers.map((buffer) => buffer.length) });
      end += data.length;
    });
    writes = task.catch(() => undefined);
    return task;
  };
  const close = async () => {
    await writes;
    if (handle !== null) await (await handle).fh.close().catch(() => undefined);
    handle = null;
  };
  return {
    append: (index, parts) => enqueue(parts, index),
    write: (text) => enqueue([text], null),
    get size() {
      return entries.size;
    },
    async *read(part) {
      await writes;
      if (entries.size === 0) return;
      const fh = await file();
      for (const index of [...entries.keys()].sort((a, b) => a - b)) {
        const entry = entries.get(index) as Entry;
        const skip = entry.lengths.slice(0, part).reduce((sum, length) => sum + length, 0);
        yield await readAt(fh, entry.offset + skip, entry.lengths[part] ?? 0);
      }
    },
    close,
    async dispose() {
      await close();
      await rm(path, { force: true });
    },
  };
}

async function appendAll(fh: FileHandle, data: Buffer): Promise<void> {
  let written = 0;
  while (written < data.length) {
    const { bytesWritten } = await fh.write(data, written, data.length - written, null);
    written += bytesWritten;
  }
}

async function readAt(fh: FileHandle, position: number, length: number): Promise<string> {
  const buffer = Buffer.alloc(length);
  let read = 0;
  while (read < length) {
    const { bytesRead } = await fh.read(buffer, read, length - read, position + read);
    if (bytesRead === 0) break;
    read += bytesRead;
  }
  return buffer.toString('utf8', 0, read);
}
