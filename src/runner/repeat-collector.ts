/**
 * `--repeat N`: the runs of the suite in the order the pool takes them — round by round (every case's first
 * repeat, then every case's second...), so the repeats of one case spread over the run instead of hogging it —
 * and the repeats of each case gathered until its last one finishes, when the case is rolled up. Long suites go
 * round by round in groups of REPEAT_WINDOW cases, so only about that many cases' repeats wait in memory.
 */
import type { TestCaseConfig } from '../core/config-types.js';
import type { TestResult } from '../core/results.js';
import { rollupRepeats } from './rollup-repeats.js';

/** Cases taken round by round together; the next group starts as the last round of this one is scheduled. */
export const REPEAT_WINDOW = 100;

export interface ScheduledRun {
  readonly testCase: TestCaseConfig;
  /** Position of the case among the selected ones. */
  readonly index: number;
  /** 0-based repeat number. */
  readonly repeat: number;
}

/** A repeat finished by an earlier session of the run (`--resume`), not run again. */
export interface RestoredRepeat {
  readonly test_name: string;
  readonly repeat: number;
  readonly result: TestResult;
}

export interface RepeatCollector {
  /** The runs still to do, round by round. */
  readonly runs: readonly ScheduledRun[];
  /** Cases whose every repeat was restored (a crash came between their last repeat and their result). */
  readonly complete: readonly { readonly index: number; readonly result: TestResult }[];
  /** True the first time a run of this case starts. */
  starts(index: number): boolean;
  /** Adds a finished repeat; returns the case's result once all its repeats are in, else null. */
  add(run: ScheduledRun, result: TestResult): TestResult | null;
}

export function createRepeatCollector(
  cases: readonly { readonly testCase: TestCaseConfig; readonly index: number }[],
  repeat: number,
  minPassRate: number,
  restored: readonly RestoredRepeat[] = [],
  window = REPEAT_WINDOW,
): RepeatCollector {
  const slots = new Map<number, (TestResult | undefined)[]>();
  for (const { index } of cases) slots.set(index, new Array(repeat).fill(undefined));
  const indexByName = new Map<string, number>();
  if (restored.length > 0) for (const { testCase, index } of cases) indexByName.set(testCase.name, index);
  for (const done of restored) {
    const index = indexByName.get(done.test_name);
    const slot = index === undefined ? undefined : slots.get(index);
    if (slot !== undefined && done.repeat >= 0 && done.repeat < repeat) slot[done.repeat] = done.result;
  }
  const runs: ScheduledRun[] = [];
  for (let start = 0; start < cases.length; start += window) {
    const end = Math.min(start + window, cases.length);
    for (let round = 0; round < repeat; round += 1) {
      for (let at = start; at < end; at += 1) {
        const { testCase, index } = cases[at] as (typeof cases)[number];
        if (slots.get(index)?.[round] === undefined) runs.push({ testCase, index, repeat: round });
      }
    }
  }
  const complete: { index: number; result: TestResult }[] = [];
  for (const [index, slot] of slots) {
    if (slot.every((entry) => entry !== undefined)) {
      complete.push({ index, result: rollupRepeats(slot as TestResult[], minPassRate) });
      slots.delete(index);
    }
  }
  const started = new Set<number>();
  return {
    runs,
    complete,
    starts(index) {
      if (started.has(index)) return false;
      started.add(index);
      return true;
    },
    add(run, result) {
      const slot = slots.get(run.index);
      if (slot === undefined) return null;
      slot[run.repeat] = result;
      if (slot.some((entry) => entry === undefined)) return null;
      slots.delete(run.index);
      return rollupRepeats(slot as TestResult[], minPassRate);
    },
  };
}
