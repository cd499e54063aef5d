/**
 * How a test case reads in JUnit XML: `<error>` for status `error`, `<failure>` for `failed`, `<skipped>` for
 * `skipped` (the statuses are defined once, in core/status.ts).
 */
import type { TestResult } from '../core/results.js';

export type JunitOutcome = 'passed' | 'failure' | 'error' | 'skipped';

/** The case's status (core/status.ts) in JUnit's words. */
export function junitOutcome(result: TestResult): JunitOutcome {
  return result.status === 'failed' ? 'failure' : result.status;
}

export interface JunitCounts {
  readonly tests: number;
  readonly failures: number;
  readonly errors: number;
  readonly skipped: number;
}

/** The suite counts of a list of outcomes; `tests` counts every case, skipped ones included. */
export function junitCounts(outcomes: Iterable<JunitOutcome>): JunitCounts {
  const counts = { tests: 0, failures: 0, errors: 0, skipped: 0 };
  for (const outcome of outcomes) {
    counts.tests += 1;
    if (outcome === 'failure') counts.failures += 1;
    else if (outcome === 'error') counts.errors += 1;
    else if (outcome === 'skipped') counts.skipped += 1;
  }
  return counts;
}
