/**
 * The live progress line of a TTY: redrawn in place (at most once per `min_interval_ms`), with finished
 * output printed above it. Only cursor controls are written here; colour is the caller's business.
 */

import { clearRunInterval, clearRunTimer, runInterval, runTimer } from '../core/clock.js';
import type { RateLimitStatus, RateLimitStatusSource } from '../core/rate-limit.js';
import { CLEAR_LINE } from './ansi.js';
import { formatDuration } from './format-numbers.js';
import { formatRateStatus } from './format-rate-status.js';

export interface ProgressCounts {
  readonly total_cases: number;
  readonly total_turns: number;
  readonly done: number;
  readonly running: number;
  readonly failed: number;
  readonly turns_done: number;
}

export interface ProgressStream {
  write(text: string): unknown;
  readonly columns?: number;
}

export interface ProgressDisplay {
  /** Prints finished output above the progress line. */
  print(text: string): void;
  /** Asks for a redraw; redraws are throttled. */
  update(): void;
  /** Erases the progress line and stops the clock. */
  stop(): void;
}

export interface ProgressOptions {
  readonly stream: ProgressStream;
  readonly counts: () => ProgressCounts;
  readonly now: () => number;
  readonly min_interval_ms?: number;
  /** The elapsed-time clock ticks this often even without events. */
  readonly tick_ms?: number;
  /** The models' rate limiters, shown after the counts when a limit is set or a 429 came. */
  readonly rate_status?: RateLimitStatusSource;
  /** Where `COLUMNS` is read when the stream tells no width (default: the process's environment). */
  readonly env?: NodeJS.ProcessEnv;
  /**
   * Streams on the same terminal that others write to while the line is shown (the process's stdout and
   * stderr: warnings, a tool's output): each such write erases the line first, and the line comes back below it.
   */
  readonly watch?: readonly WatchedStream[];
}

/** A stream whose writes the display watches; replaced by the display's hook while it is shown. */
export interface WatchedStream {
  write: (...args: never[]) => boolean;
}

/** Erasers of the progress lines on screen: one for each display not yet stopped. */
const liveLines = new Set<() => void>();

/**
 * Erases the progress line now, so that a message written to stderr on the same terminal (Ctrl-C's) starts on a
 * line of its own instead of after the counts; the line is drawn again, below the message, at its next redraw.
 */
export function clearProgressLines(): void {
  for (const erase of liveLines) erase();
}

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

export function formatProgressLine(
  counts: ProgressCounts,
  elapsedMs: number,
  frame: number,
  rates: readonly RateLimitStatus[] = [],
): string {
  const spinner = SPINNER[frame % SPINNER.length] ?? '';
  const rate = formatRateStatus(rates);
  return [
    `${spinner} ${counts.done}/${counts.total_cases} cases done`,
    `${counts.running} running`,
    `${counts.failed} failed`,
    `${counts.turns_done}/${counts.total_turns} turns`,
    formatDuration(elapsedMs),
    ...(rate === null ? [] : [rate]),
  ].join(' · ');
}

/**
 * The terminal's width in columns: the stream's, unless it tells none or 0 (a pseudo-terminal given no size, as
 * `script` makes), then `COLUMNS` when it is a positive whole number, else 80.
 */
export function terminalColumns(columns: number | undefined, env: NodeJS.ProcessEnv = process.env): number {
  if (columns !== undefined && Number.isInteger(columns) && columns > 0) return columns;
  const fromEnv = env['COLUMNS']?.trim() ?? '';
  const parsed = /^\d+$/.test(fromEnv) ? Number(fromEnv) : 0;
  return parsed > 0 ? parsed : 80;
}

export function createProgressDisplay(options: ProgressOptions): ProgressDisplay {
  const { stream, now } = options;
  const minInterval = options.min_interval_ms ?? 100;
  const started = now();
  let drawn = false;
  let lastDraw = Number.NEGATIVE_INFINITY;
  let frame = 0;
  let pending: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  // Set while the display writes, so that its own writes are not taken for another writer's.
  let own = false;
  // Another writer left a line unfinished (no newline): the progress line is drawn below it, not over it.
  let lineOpen = false;
  const write = (text: string) => {
    own = true;
    try {
      stream.write(text);
    } finally {
      own = false;
    }
  };

  const draw = () => {
    pending = null;
    if (stopped) return;
    lastDraw = now();
    frame += 1;
    const width = Math.max(20, terminalColumns(stream.columns, options.env) - 1);
    const rates = options.rate_status?.() ?? [];
    const line = Array.from(formatProgressLine(options.counts(), lastDraw - started, frame, rates))
      .slice(0, width)
      .join('');
    write(`${lineOpen ? '\n' : ''}${CLEAR_LINE}${line}`);
    lineOpen = false;
    drawn = true;
  };

  const update = () => {
    if (stopped || pending !== null) return;
    const wait = lastDraw + minInterval - now();
    if (wait <= 0) draw();
    else pending = unref(runTimer(draw, wait));
  };

  const clock = unref(runInterval(update, options.tick_ms ?? 1000));
  const erase = () => {
    if (drawn) write(CLEAR_LINE);
    drawn = false;
  };
  liveLines.add(erase);
  const unwatch = (options.watch ?? []).map((watched) =>
    hookWrites(watched, (chunk) => {
      if (own || stopped) return;
      erase();
      const text = typeof chunk === 'string' ? chunk : chunk instanceof Uint8Array ? Buffer.from(chunk).toString() : '';
      if (text !== '') lineOpen = !text.endsWith('\n');
      // Drawn again after the write, never before it: the write is yet to happen.
      if (pending === null) pending = unref(runTimer(draw, Math.max(0, lastDraw + minInterval - now())));
    }),
  );

  return {
    print(text) {
      if (stopped) {
        stream.write(`${text}\n`);
        return;
      }
      write(`${drawn ? CLEAR_LINE : lineOpen ? '\n' : ''}${text}\n`);
      lineOpen = false;
      drawn = false;
      update();
    },
    update,
    stop() {
      if (stopped) return;
      stopped = true;
      clearRunInterval(clock);
      if (pending !== null) clearRunTimer(pending);
      liveLines.delete(erase);
      erase();
      for (const restore of unwatch) restore();
    },
  };
}

/**
 * Calls `before` ahead of every write to `stream` (with what is written) until the returned function is
 * called. Restored only when the hook is still the stream's own; if something hooked the stream since, the
 * hook stays in its chain and passes writes through.
 */
function hookWrites(stream: WatchedStream, before: (chunk: unknown) => void): () => void {
  const previous = stream.write;
  let active = true;
  const hooked = function (this: unknown, ...args: unknown[]): boolean {
    if (active) before(args[0]);
    return Reflect.apply(previous, this, args) as boolean;
  };
  stream.write = hooked as WatchedStream['write'];
  return () => {
    active = false;
    if (stream.write === hooked) stream.write = previous;
  };
}

/** Timers of the display must never keep the process alive on their own. */
function unref<T extends { unref?: () => unknown }>(timer: T): T {
  timer.unref?.();
  return timer;
}
