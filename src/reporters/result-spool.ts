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

interface Pending {
  readonly index: number | null;
  readonly buffers: readonly Buffer[];
  done(error: unknown): void;
}

/** A spool in a hidden file beside `target`, for a report file being streamed. */
export function createResultSpool(target: string): ResultSpool {
  return openResultSpool(join(dirname(target), `.${basename(target)}.${randomUUID()}.spool`));
}

/** A spool appending to `path` (created when missing; existing content is kept and never read back). */
export function openResultSpool(path: string): ResultSpool {
  // Flat arrays indexed by case (a few bytes per case): where each case's bytes start, and each part's length.
  const offsets: number[] = [];
  const lengths: number[] = [];
  let parts = -1;
  let size = 0;
  let handle: Promise<{ fh: FileHandle; end: number }> | null = null;
  let end = 0;
  // Appends wait in a queue and go to disk together, one write per batch, so concurrent cases never
  // interleave their bytes and a busy run costs few system calls.
  let queue: Pending[] = [];
  let flushing: Promise<void> | null = null;
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
  const record = (index: number, buffers: readonly Buffer[], offset: number) => {
    if (offsets[index] === undefined) size += 1;
    offsets[index] = offset;
    buffers.forEach((buffer, part) => {
      lengths[index * parts + part] = buffer.length;
    });
  };
  const flush = async () => {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        const fh = await file();
        await appendAll(fh, Buffer.concat(batch.flatMap((pending) => pending.buffers)));
        for (const pending of batch) {
          if (pending.index !== null) record(pending.index, pending.buffers, end);
          end += pending.buffers.reduce((sum, buffer) => sum + buffer.length, 0);
          pending.done(null);
        }
      } catch (error) {
        for (const pending of batch) pending.done(error);
      }
    }
    flushing = null;
  };
  const enqueue = (texts: readonly string[], index: number | null) => {
    if (index !== null) {
      if (parts < 0) parts = texts.length;
      if (texts.length !== parts) {
        return Promise.reject(new Error(`every case needs ${parts} parts, got ${texts.length}`));
      }
    }
    const buffers = texts.map((text) => Buffer.from(text, 'utf8'));
    return new Promise<void>((resolve, reject) => {
      queue.push({ index, buffers, done: (error) => (error === null ? resolve() : reject(error)) });
      flushing ??= flush();
    });
  };
  const settled = async () => {
    while (flushing !== null) await flushing;
  };
  const close = async () => {
    await settled();
    if (handle !== null) await (await handle).fh.close().catch(() => undefined);
    handle = null;
  };
  return {
    append: (index, parts) => enqueue(parts, index),
    write: (text) => enqueue([text], null),
    get size() {
      return size;
    },
    async *read(part) {
      await settled();
      if (size === 0) return;
      const fh = await file();
      for (let index = 0; index < offsets.length; index += 1) {
        const offset = offsets[index];
        if (offset === undefined) continue;
        let skip = 0;
        for (let p = 0; p < part; p += 1) skip += lengths[index * parts + p] ?? 0;
        yield await readAt(fh, offset + skip, lengths[index * parts + part] ?? 0);
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
