import { describe, expect, it } from 'vitest';
import { failingAt } from '../../test/support/dashboard/mixed-changes.js';
import { rollupRepeats } from '../runner/rollup-repeats.js';
import { compareCases } from './compare-results.js';
import { failureAtTurn } from './failure-at-turn.js';
import type { TestResult } from './results.js';
import { caseStatus, verdict } from './status.js';

/** A four-turn repeat whose turns at `errored` (0-based) ended in a model error. */
function erroredAt(errored: readonly number[]): TestResult {
  const base = failingAt('flaky', []);
  const turns = (base.turns ?? []).map((turn, index) =>
    errored.includes(index)
      ? { ...turn, ...verdict('error'), errors: [`model request failed: 500 in turn ${index + 1}`] }
      : turn,
  );
  return {
    ...base,
    turns,
    ...verdict(
      caseStatus(
        turns.map((turn) => turn.status),
        [],
      ),
    ),
  };
}

describe('failureAtTurn', () => {
  it('names the turn asked for, not the first that failed', () => {
    const result = failingAt('c', [1, 3]);
    expect(failureAtTurn(result, 3, 'failed')).toMatch(/^turn 4\/4: subtract/);
    expect(failureAtTurn(result, null, 'failed')).toMatch(/^turn 2\/4: subtract/);
    expect(failureAtTurn(failingAt('c', []), null, 'passed')).toBeNull();
  });

  it('takes a repeated case’s reason from a repeat in which that turn ended as judged, and says which', () => {
    // Turn 2/4 errs in the first repeat only (passing 2 of 3), turn 1/4 in the other two (passing 1 of 3).
    const repeated = rollupRepeats([erroredAt([1]), erroredAt([0]), erroredAt([0])], 0.6);
    expect(failureAtTurn(repeated, 0, 'error')).toBe('turn 1/4, repeat 2/3: model request failed: 500 in turn 1');
    const [change] = compareCases([rollupRepeats([erroredAt([]), erroredAt([]), erroredAt([])], 0.6)], [repeated]);
    expect(change?.turns).toEqual([{ turn_index: 0, a: 'passed', b: 'error' }]);
    expect(change?.failure).toBe('turn 1/4, repeat 2/3: model request failed: 500 in turn 1');
  });

  it('says the repeat of a reason that no turn of the rule points at', () => {
    // Each turn passes 2 of 3 repeats, but no repeat passes every turn: the case fails, none of its turns.
    const repeated = rollupRepeats([erroredAt([0]), erroredAt([1]), erroredAt([2])], 0.6);
    const [change] = compareCases([failingAt('flaky', [])], [repeated]);
    expect(change?.turns).toEqual([]);
    expect(change?.failure).toBe('turn 1/4, repeat 1/3: model request failed: 500 in turn 1');
  });
});
