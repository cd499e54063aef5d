/** The result of a case that could not run its turns (its session or its worker thread failed): `error`. */
import type { TestCaseConfig } from '../core/config-types.js';
import type { TestResult } from '../core/results.js';
import { rollupTestCase } from './rollup-test-case.js';
import { emptyTurn, settleTurn } from './run-turn.js';

export function erroredCase(testCase: TestCaseConfig, message: string, started: number, now: number): TestResult {
  const turns = testCase.turns.map((turn) =>
    settleTurn({ ...emptyTurn(turn), skipped: true, errors: [`skipped: ${message}`] }, false),
  );
  return rollupTestCase(testCase, turns, now - started, new Date(started).toISOString(), [message]);
}
