/**
 * The rendered results of a run, by case: each case's rendered parts are stored as it finishes (in any order)
 * and read back by case index when a report is assembled. The texts are kept in memory while the process's
 * shared budget (RETAINED_TEXT_BUDGET, 64 Mi characters) allows, so the end of a run writes each file once
 * without reading anything back; a case beyond the budget goes to a file and is read from there, so memory
 * stays bounded however many cases run. Report files spill to a hidden file beside them, only when needed;
 * the run record's `.partial.jsonl` log is durable: every case is appended to it as it finishes, whatever
 * is kept in memory.
 */
import { randomUUID } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { mkdir, open, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { RETAINED_TEXT_BUDGET, type TextBudget } from './text-budget.js';

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

export interface SpoolOptions {
  /** Where kept texts count; defaults to the process's shared budget. */
  readonly budget?: TextBudget;
}

/** A spool for a report file being streamed: cases beyond the budget go to a hidden file beside `target`. */
export function createResultSpool(target: string, options: SpoolOptions = {}): ResultSpool {
  const path = join(dirname(target), `.${basename(target)}.${randomUUID()}.spool`);
  return spoolAt(path, false, options.budget ?? RETAINED_TEXT_BUDGET);
}

/**
 * A durable spool appending every case to `path` (created when missing; existing content is kept and never
 * read back); cases within the budget are also kept in memory and read from there.
 */
export function openResultSpool(path: string, options: SpoolOptions = {}): ResultSpool {
  return spoolAt(path, true, options.budget ?? RETAINED_TEXT_BUDGET);
}

function spoolAt(path: string, durable: boolean, budget: TextBudget): ResultSpool {
  // The parts of the cases kept in memory, by case index, and the characters they take from the budget.
  const kept: (readonly string[] | undefined)[] = [];
  let keptChars = 0;
  const present: boolean[] = [];
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
  const release = (index: number) => {
    const texts = kept[index];
    if (texts === undefined) return;
    kept[index] = undefined;
    const chars = charsOf(texts);
    keptChars -= chars;
    budget.give(chars);
  };
  const store = (index: number, texts: readonly string[]) => {
    if (parts < 0) parts = texts.length;
    if (texts.length !== parts) {
      return Promise.reject(new Error(`every case needs ${parts} parts, got ${texts.length}`));
    }
    if (present[index] !== true) size += 1;
    present[index] = true;
    release(index);
    const chars = charsOf(texts);
    if (budget.take(chars)) {
      kept[index] = texts;
      keptChars += chars;
      if (!durable) return Promise.resolve();
    }
    return enqueue(texts, index);
  };
  const enqueue = (texts: readonly string[], index: number | null) => {
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
    kept.length = 0;
    budget.give(keptChars);
    keptChars = 0;
    if (handle !== null) await (await handle).fh.close().catch(() => undefined);
    handle = null;
  };
  return {
    append: store,
    write: (text) => enqueue([text], null),
    get size() {
      return size;
    },
    async *read(part) {
      await settled();
      if (size === 0) return;
      for (let index = 0; index < present.length; index += 1) {
        const texts = kept[index];
        if (texts !== undefined) {
          yield texts[part] ?? '';
          continue;
        }
        const offset = offsets[index];
        if (offset === undefined) continue;
        let skip = 0;
        for (let p = 0; p < part; p += 1) skip += lengths[index * parts + p] ?? 0;
        yield await readAt(await file(), offset + skip, lengths[index * parts + part] ?? 0);
      }
    },
    close,
    async dispose() {
      const written = handle !== null;
      await close();
      if (durable || written) await rm(path, { force: true });
    },
  };
}

function charsOf(texts: readonly string[]): number {
  let chars = 0;
  for (const text of texts) chars += text.length;
  return chars;
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
