/**
 * A resume runs again the cases a crash stopped while they ran (`stopped_by_crash`): they errored because of the
 * crash, not because of what they test. A case logged again since, finished on its own, keeps that result.
 */
import type { TestResult } from '../../core/results.js';

/** The names of the cases whose last logged result is one a crash stopped. */
export async function crashedCases(results: AsyncIterable<TestResult>): Promise<ReadonlySet<string>> {
  const crashed = new Set<string>();
  for await (const result of results) {
    if (result.stopped_by_crash === true) crashed.add(result.test_name);
    else crashed.delete(result.test_name);
  }
  return crashed;
}

/** The results a crash did not stop, in order. */
export async function* withoutCrashed(results: AsyncIterable<TestResult>): AsyncIterable<TestResult> {
  for await (const result of results) if (result.stopped_by_crash !== true) yield result;
}

export function namesWithout(names: ReadonlySet<string>, crashed: ReadonlySet<string>): ReadonlySet<string> {
  return crashed.size === 0 ? names : new Set([...names].filter((name) => !crashed.has(name)));
}
