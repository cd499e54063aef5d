/**
 * The console reporter: a header, one line per finished test case (with every turn's detail in verbose
 * mode), a live progress line on a TTY, and the summary. Quiet mode prints the summary only.
 */

import { wallNow } from '../core/clock.js';
import { countNoun } from '../core/count-noun.js';
import type { RateLimitStatusSource } from '../core/rate-limit.js';
import type { Reporter, RunEnd, RunInfo, RunState } from '../core/reporter.js';
import type { TestResult, TurnResult } from '../core/results.js';
import { runJudge } from '../core/run-judge.js';
import { createPalette, type Palette } from './ansi.js';
import { formatCaseLine } from './console-case-line.js';
import { formatFlakiness } from './console-flakiness.js';
import {
  createProgressDisplay,
  type ProgressCounts,
  type ProgressDisplay,
  type WatchedStream,
} from './console-progress.js';
import { FAILURE_REASON_WIDTH, formatSummary } from './console-summary.js';
import { formatTurnDetails } from './console-turn-details.js';
import { createFailureCollector } from './failure-digest.js';
import { createInOrderLines } from './in-order-lines.js';
import { createFlakyCollector } from './repeat-text.js';
import { consoleName } from './safe-text.js';

export interface ConsoleStream {
  write(text: string): unknown;
  readonly isTTY?: boolean;
  readonly columns?: number;
}

export type Verbosity = 'quiet' | 'normal' | 'verbose';

export interface ConsoleReporterOptions {
  readonly stream: ConsoleStream;
  readonly verbosity: Verbosity;
  readonly color: boolean;
  readonly now?: () => number;
  /** Verbose mode cuts longer inputs, responses and tool results (default 2000 characters). */
  readonly max_text_length?: number;
  /** The models' rate limiters, for the progress line. */
  readonly rate_status?: RateLimitStatusSource;
  /** Whether a live progress line is redrawn (default: when the stream is a TTY). */
  readonly redraw?: boolean;
  /** Streams on the same terminal whose other writes erase the progress line first (see ProgressOptions). */
  readonly watch?: readonly WatchedStream[];
}

export function createConsoleReporter(options: ConsoleReporterOptions): Reporter {
  const { stream, verbosity } = options;
  const now = options.now ?? wallNow;
  const palette = createPalette(options.color);
  const live = (options.redraw ?? stream.isTTY === true) && verbosity !== 'quiet';
  const counts: Counts = { total_cases: 0, total_turns: 0, done: 0, running: 0, failed: 0, turns_done: 0 };
  const turnsSeen = new Map<string, number>();
  let planned: number | null = null;
  let progress: ProgressDisplay | null = null;
  const maxListed = verbosity === 'verbose' ? Number.POSITIVE_INFINITY : 50;
  // Failing cases as they finish (onEnd carries no results).
  const failures = createFailureCollector(maxListed, FAILURE_REASON_WIDTH);
  const flaky = createFlakyCollector(maxListed);
  const collect = (result: TestResult, index: number) => {
    failures.add(result, index);
    flaky.add(result, index);
  };
  const emit = (lines: readonly string[]) => {
    if (lines.length === 0) return;
    const text = lines.join('\n');
    if (progress !== null) progress.print(text);
    else stream.write(`${text}\n`);
  };
  // One line per case, in the configuration's order even when cases finish out of order.
  const caseOutput = createInOrderLines(emit);

  return {
    onBegin(info: RunInfo) {
      planned = info.total_cases;
      counts.total_cases = info.total_cases;
      counts.total_turns = info.total_turns;
      if (verbosity !== 'quiet') emit(formatHeader(info, palette));
      if (live) {
        const rates = options.rate_status === undefined ? {} : { rate_status: options.rate_status };
        const watch = options.watch ?? [];
        progress = createProgressDisplay({
          stream,
          now,
          counts: (): ProgressCounts => ({ ...counts }),
          watch,
          ...rates,
        });
      }
      progress?.update();
    },
    onTestCaseBegin() {
      counts.running += 1;
      progress?.update();
    },
    onTurnEnd(testName: string, _turn: TurnResult) {
      turnsSeen.set(testName, (turnsSeen.get(testName) ?? 0) + 1);
      counts.turns_done += 1;
      progress?.update();
    },
    onTestCaseRestored(result: TestResult, index: number) {
      caseOutput.add(index, []);
      collect(result, index);
      countFinished(counts, result, result.turns?.length ?? 1);
      progress?.update();
    },
    onTestCaseEnd(result: TestResult, index: number) {
      collect(result, index);
      const unseenTurns = Math.max(0, (result.turns?.length ?? 1) - (turnsSeen.get(result.test_name) ?? 0));
      turnsSeen.delete(result.test_name);
      counts.running = Math.max(0, counts.running - 1);
      countFinished(counts, result, unseenTurns);
      caseOutput.add(
        index,
        verbosity === 'quiet' ? [] : caseLines(result, verbosity, palette, options.max_text_length ?? 2000),
      );
    },
    onEnd(report: RunEnd, state: RunState) {
      caseOutput.flush();
      progress?.stop();
      progress = null;
      emit([
        ...formatSummary(report, state, {
          palette,
          max_failures_listed: maxListed,
          planned_cases: planned,
          failures: failures.digest(),
        }),
        ...formatFlakiness(flaky, palette),
      ]);
    },
  };
}

function caseLines(result: TestResult, verbosity: Verbosity, palette: Palette, maxTextLength: number): string[] {
  const lines = [formatCaseLine(result, palette)];
  if (verbosity === 'verbose') lines.push(...formatTurnDetails(result, { palette, max_text_length: maxTextLength }));
  return lines;
}

type Counts = { -readonly [K in keyof ProgressCounts]: ProgressCounts[K] };

function countFinished(counts: Counts, result: TestResult, turns: number): void {
  counts.done += 1;
  counts.turns_done += turns;
  if (!result.passed) counts.failed += 1;
}

function formatHeader(info: RunInfo, palette: Palette): string[] {
  const cases = countNoun(info.total_cases, 'test case');
  const turns = countNoun(info.total_turns, 'turn');
  const parallel = info.parallel_test_cases > 1 ? ` · ${info.parallel_test_cases} in parallel` : '';
  const repeats = info.repeat === undefined ? '' : ` · ${info.repeat} repeats each`;
  const model = runJudge(info.config);
  const judge = model === null ? '' : ` · judge ${consoleName(`${model.provider}:${model.name}`)}`;
  const name = consoleName(info.config.name);
  const lines = [palette.bold(`Running ${cases} (${turns}) of ${name}${judge}${repeats}${parallel}`)];
  const restored = info.restored_cases ?? 0;
  if (restored > 0) {
    lines.push(
      palette.dim(
        `Resuming: ${restored} of ${info.total_cases} test cases finished before, not run again unless they changed`,
      ),
    );
  }
  return lines;
}
