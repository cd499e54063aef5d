/**
 * The failing cases the console summary lists: only the first `max` by case index are kept (their reasons
 * already made one line, a very long one cut with its full length said), the rest only counted, so a run with
 * thousands of failures stays small.
 */

import { type CaseFailure, caseFailures } from '../core/failure-reasons.js';
import type { TestResult } from '../core/results.js';
import type { Status } from '../core/status.js';
import { oneLineNoted } from './safe-text.js';

export interface FailingCase {
  readonly index: number;
  readonly test_name: string;
  readonly status: Exclude<Status, 'passed'>;
  readonly failures: readonly CaseFailure[];
}

export interface FailureDigest {
  /** The first failing cases by index, at most the digest's maximum. */
  readonly listed: readonly FailingCase[];
  /** Every failing case seen. */
  readonly total: number;
}

export interface FailureCollector {
  add(result: TestResult, index: number): void;
  digest(): FailureDigest;
}

export function createFailureCollector(max: number, reasonWidth: number): FailureCollector {
  let listed: FailingCase[] = [];
  let total = 0;
  return {
    add(result, index) {
      if (result.status === 'passed') return;
      total += 1;
      if (listed.length >= max && (listed[listed.length - 1]?.index ?? -1) < index) return;
      const failures = caseFailures(result).map((failure) => ({
        ...failure,
        reasons: failure.reasons.map((reason) => oneLineNoted(reason, reasonWidth)),
      }));
      listed.push({ index, test_name: result.test_name, status: result.status, failures });
      listed.sort((a, b) => a.index - b.index);
      if (listed.length > max) listed = listed.slice(0, max);
    },
    digest: () => ({ listed, total }),
  };
}
