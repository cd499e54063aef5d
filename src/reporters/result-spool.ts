/**
 * The rendered results of a run, by case: each case's rendered parts are stored as it finishes (in any order)
 * and read back by case index when a report is assembled. Each text is encoded to UTF-8 once, as its case
 * ends, and the bytes are kept in memory (outside the JavaScript heap) while the process's shared budget
 * (RETAINED_TEXT_BUDGET, 4 MiB) allows, so the end of a run writes each file once, copying bytes, without
 * encoding anything again; a case beyond the budget goes to a file and is read from there, cases near each
 * other in the file in one read, so memory stays bounded however many cases run and reading back stays cheap. Report files spill to a hidden file beside them, only when needed;
 * the run record's `.partial.jsonl` log is durable: every case is appended to it as it finishes, whatever
 * is kept in memory.
 */

import { randomUUID } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { open, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { makeFolder } from './make-folder.js';
import { RETAINED_TEXT_BUDGET, type TextBudget } from './text-budget.js';

export interface ResultSpool {
  /** Appends the rendered parts of case `index`; a later call for the same index replaces it. */
  append(index: number, parts: readonly string[]): Promise<void>;
  /** Appends text that belongs to no case (a header line). */
  write(text: string): Promise<void>;
  /** How many cases are stored. */
  readonly size: number;
  /** Part `part` of every stored case, in case order, as UTF-8 bytes (each valid until the next is asked for). */
  read(part: number): AsyncIterable<Buffer>;
  /**
   * The same, in batches of consecutive cases (few awaits for a run of thousands of cases). A batch's
   * buffers are valid until the next batch is asked for: copy what must outlive it.
   */
  batches(part: number): AsyncIterable<readonly Buffer[]>;
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
  /** Where kept bytes count; defaults to the process's shared budget. */
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
  // The parts of the cases kept in memory, by case index, and the bytes they take from the budget.
  const kept: (readonly Buffer[] | undefined)[] = [];
  let keptBytes = 0;
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
      await makeFolder(dirname(path));
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
        const buffers =
          batch.length === 1 ? (batch[0] as Pending).buffers : batch.flatMap((pending) => pending.buffers);
        await appendAll(fh, buffers.length === 1 ? (buffers[0] as Buffer) : Buffer.concat(buffers));
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
    const buffers = kept[index];
    if (buffers === undefined) return;
    kept[index] = undefined;
    const bytes = bytesOf(buffers);
    keptBytes -= bytes;
    budget.give(bytes);
  };
  const store = (index: number, texts: readonly string[]) => {
    if (parts < 0) parts = texts.length;
    if (texts.length !== parts) {
      return Promise.reject(new Error(`every case needs ${parts} parts, got ${texts.length}`));
    }
    if (present[index] !== true) size += 1;
    present[index] = true;
    release(index);
    const buffers = texts.map((text) => Buffer.from(text, 'utf8'));
    const bytes = bytesOf(buffers);
    if (budget.take(bytes)) {
      kept[index] = buffers;
      keptBytes += bytes;
      if (!durable) return Promise.resolve();
    }
    return enqueue(buffers, index);
  };
  const enqueue = (buffers: readonly Buffer[], index: number | null) => {
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
    budget.give(keptBytes);
    keptBytes = 0;
    if (handle !== null) await (await handle).fh.close().catch(() => undefined);
    handle = null;
  };
  return {
    append: store,
    write: (text) => enqueue([Buffer.from(text, 'utf8')], null),
    get size() {
      return size;
    },
    async *batches(part) {
      await settled();
      if (size === 0) return;
      // Spilled cases are read into one reused slab, not a buffer each: reading back thousands of cases
      // leaves no garbage outside the heap for the collector to find late. A batch's buffers therefore
      // hold their bytes only until the next batch is asked for. Cases near each other in the file are read
      // together (they finished about together): a few reads per batch, not one per case.
      const slab = new SpillReader(file);
      let batch: (Buffer | Spilled)[] = [];
      let spilled: Spilled[] = [];
      let spilledBytes = 0;
      const ready = async (): Promise<readonly Buffer[]> => {
        const filled = await slab.fill(spilled);
        const out = batch.map((item) => (Buffer.isBuffer(item) ? item : (filled.get(item) ?? EMPTY)));
        batch = [];
        spilled = [];
        spilledBytes = 0;
        return out;
      };
      for (let index = 0; index < present.length; index += 1) {
        const buffers = kept[index];
        const offset = offsets[index];
        if (buffers !== undefined) batch.push(buffers[part] ?? EMPTY);
        else if (offset !== undefined) {
          let skip = 0;
          for (let p = 0; p < part; p += 1) skip += lengths[index * parts + p] ?? 0;
          const length = lengths[index * parts + part] ?? 0;
          if (spilledBytes + length > SLAB && batch.length > 0) yield await ready();
          const item: Spilled = { position: offset + skip, length };
          batch.push(item);
          spilled.push(item);
          spilledBytes += length;
        } else continue;
        if (batch.length >= BATCH) yield await ready();
      }
      if (batch.length > 0) yield await ready();
    },
    async *read(part) {
      for await (const batch of this.batches(part)) yield* batch;
    },
    close,
    async dispose() {
      const written = handle !== null;
      await close();
      if (durable || written) await rm(path, { force: true });
    },
  };
}

const EMPTY = Buffer.alloc(0);
const BATCH = 1024;
// The bytes of spilled cases read back at once, at most.
const SLAB = 1 << 20;
// Two spilled parts this close in the file are read in one go, the bytes between them included.
const GAP = 16 * 1024;

/** Where a spilled part lies in the file. */
interface Spilled {
  readonly position: number;
  readonly length: number;
}

/**
 * Reads spilled parts back into one reused slab: parts close together in the file are read together, the
 * bytes between them included while the slab has room; a part larger than the slab gets a buffer of its own.
 */
class SpillReader {
  readonly #file: () => Promise<FileHandle>;
  #slab: Buffer | null = null;

  constructor(file: () => Promise<FileHandle>) {
    this.#file = file;
  }

  async fill(parts: readonly Spilled[]): Promise<Map<Spilled, Buffer>> {
    const out = new Map<Spilled, Buffer>();
    if (parts.length === 0) return out;
    const fh = await this.#file();
    const sorted = [...parts].sort((a, b) => a.position - b.position);
    let used = 0;
    for (let at = 0; at < sorted.length; ) {
      const first = sorted[at] as Spilled;
      if (first.length > SLAB) {
        out.set(first, await readAt(fh, first.position, Buffer.alloc(first.length)));
        at += 1;
        continue;
      }
      // The run of parts read in one go: each next one starts close to where the run ends, and all fit.
      let end = first.position + first.length;
      let last = at + 1;
      for (; last < sorted.length; last += 1) {
        const next = sorted[last] as Spilled;
        const nextEnd = Math.max(end, next.position + next.length);
        if (next.position - end > GAP || used + (nextEnd - first.position) > SLAB) break;
        end = nextEnd;
      }
      const spanLength = end - first.position;
      // The batch's parts fit the slab; the bytes between them may not, and then the run gets its own buffer.
      const fits = used + spanLength <= SLAB;
      this.#slab ??= Buffer.allocUnsafe(SLAB);
      const target = fits ? this.#slab.subarray(used, used + spanLength) : Buffer.allocUnsafe(spanLength);
      const span = await readAt(fh, first.position, target);
      for (let each = at; each < last; each += 1) {
        const part = sorted[each] as Spilled;
        const from = part.position - first.position;
        out.set(part, span.subarray(Math.min(from, span.length), Math.min(from + part.length, span.length)));
      }
      if (fits) used += spanLength;
      at = last;
    }
    return out;
  }
}

function bytesOf(buffers: readonly Buffer[]): number {
  let bytes = 0;
  for (const buffer of buffers) bytes += buffer.length;
  return bytes;
}

async function appendAll(fh: FileHandle, data: Buffer): Promise<void> {
  let written = 0;
  while (written < data.length) {
    const { bytesWritten } = await fh.write(data, written, data.length - written, null);
    written += bytesWritten;
  }
}

/** Reads `target.length` bytes at `position` into `target`; the part read (shorter only at the file's end). */
async function readAt(fh: FileHandle, position: number, target: Buffer): Promise<Buffer> {
  let read = 0;
  while (read < target.length) {
    const { bytesRead } = await fh.read(target, read, target.length - read, position + read);
    if (bytesRead === 0) break;
    read += bytesRead;
  }
  return read === target.length ? target : target.subarray(0, read);
}
