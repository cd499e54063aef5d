/** The result of a case that could not run its turns (its session or its worker thread failed): `error`. */

import { dateAt } from '../core/clock.js';
import type { TestCaseConfig } from '../core/config-types.js';
import { costFields, type RunPricing, ZERO_COST } from '../core/cost.js';
import type { TestResult, TurnResult } from '../core/results.js';
import { rollupTestCase } from './rollup-test-case.js';
import { emptyTurn, settleTurn } from './run-turn.js';

/**
 * `pricing`: given when the case never started (it cost nothing, and says so); a case whose worker died while
 * running it spent what is no longer known, so it carries no cost. `finished`: for such a case, the turns that
 * had ended before (their results stand); the turn after them errors with `message`, the rest are skipped.
 */
export function erroredCase(
  testCase: TestCaseConfig,
  message: string,
  started: number,
  now: number,
  pricing?: RunPricing,
  finished: readonly TurnResult[] | null = null,
): TestResult {
  const cost = pricing === undefined ? {} : costFields(ZERO_COST);
  const turns = testCase.turns.map((turn, index) => {
    const done = finished?.[index];
    if (done !== undefined) return done;
    if (finished !== null && index === finished.length) {
      return settleTurn({ ...emptyTurn(turn), ...cost, errors: [message] }, false);
    }
    return settleTurn({ ...emptyTurn(turn), ...cost, skipped: true, errors: [`skipped: ${message}`] }, false);
  });
  return rollupTestCase(testCase, turns, now - started, dateAt(started).toISOString(), [message]);
}
