/**
 * The live progress line of a TTY: redrawn in place (at most once per `min_interval_ms`), with finished
 * output printed above it. Only cursor controls are written here; colour is the caller's business.
 */

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
    stream.write(`${CLEAR_LINE}${line}`);
    drawn = true;
  };

  const update = () => {
    if (stopped || pending !== null) return;
    const wait = lastDraw + minInterval - now();
    if (wait <= 0) draw();
    else pending = unref(setTimeout(draw, wait));
  };

  const clock = unref(setInterval(update, options.tick_ms ?? 1000));
  const erase = () => {
    if (drawn) stream.write(CLEAR_LINE);
    drawn = false;
  };
  liveLines.add(erase);

  return {
    print(text) {
      if (stopped) {
        stream.write(`${text}\n`);
        return;
      }
      stream.write(`${drawn ? CLEAR_LINE : ''}${text}\n`);
      drawn = false;
      update();
    },
    update,
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(clock);
      if (pending !== null) clearTimeout(pending);
      liveLines.delete(erase);
      erase();
    },
  };
}

/** Timers of the display must never keep the process alive on their own. */
function unref<T extends { unref?: () => unknown }>(timer: T): T {
  timer.unref?.();
  return timer;
}
