/**
 * Two runs of four-turn conversations whose cases change every way `holodeck compare` and the dashboard's
 * compare view tell apart: regressed, fixed, and cases still failing whose turns got worse, mixed, better or
 * stayed as they were.
 */
import type { TestResult } from '../../../src/core/results.js';
import { caseStatus, verdict } from '../../../src/core/status.js';
import { conversationCase } from './sample-results.js';

/** A four-turn conversation whose turns at `failing` (0-based) fail their argument assertion and metrics. */
export function failingAt(name: string, failing: readonly number[], turns = 4): TestResult {
  const base = conversationCase(name, { turns });
  const all = (base.turns ?? []).map((turn, index) =>
    failing.includes(index) ? (conversationCase(name, { turns, failTurn: index }).turns?.[index] ?? turn) : turn,
  );
  return {
    ...base,
    turns: all,
    ...verdict(
      caseStatus(
        all.map((turn) => turn.status),
        [],
      ),
    ),
  };
}

/** Which turns fail in run A and in run B, per case. */
const CHANGES: readonly (readonly [string, readonly number[], readonly number[]])[] = [
  ['green', [], []],
  ['regresses', [], [1]],
  // Turn 2/4 fails in both runs; turn 4/4 newly fails: the reason names turn 4/4.
  ['worse', [1], [1, 3]],
  // Turn 1/4 newly passes, turn 2/4 fails in both, turn 4/4 newly fails.
  ['mixed', [0, 1], [1, 3]],
  ['better', [0, 1], [1]],
  ['fixed', [2], []],
  ['unchanged', [0], [0]],
];

export const MIXED_A: readonly TestResult[] = CHANGES.map(([name, a]) => failingAt(name, a));
export const MIXED_B: readonly TestResult[] = CHANGES.map(([name, , b]) => failingAt(name, b));
