/**
 * Why a test case does not pass, told at a given turn: the turn `holodeck compare` and the dashboard's compare
 * view point at (the first that newly fails, else the first that fails). A repeated case's turns are judged over
 * its repeats, so the reason comes from a repeat in which that turn ended as judged, and says which.
 */
import { firstFailureText, turnFailureReasons } from './failure-reasons.js';
import type { TestResult } from './results.js';
import type { Status } from './status.js';
import { turnLabel } from './turn-label.js';

/** The reason of one run of the case (not a repeated one) at the turn, or its first failure without a turn. */
function onceAt(result: TestResult, turnIndex: number | null): string | null {
  if (turnIndex !== null && result.turns !== undefined) {
    const turn = result.turns.find((candidate) => candidate.turn_index === turnIndex);
    if (turn !== undefined && turn.status !== 'passed') {
      const reason = turnFailureReasons(turn)[0] ?? turn.status;
      return `${turnLabel(turnIndex, result.turns.length)}: ${reason}`;
    }
  }
  return result.status === 'passed' ? null : (firstFailureText(result)?.text ?? null);
}

/** The status of the turn (or, without one, of the case) in one repeat; null when that repeat lacks the turn. */
function statusIn(repeat: TestResult, turnIndex: number | null): Status | null {
  if (turnIndex === null || repeat.turns === undefined) return repeat.status;
  return repeat.turns.find((turn) => turn.turn_index === turnIndex)?.status ?? null;
}

/**
 * Why `result` does not pass, at `turnIndex` (null: the case as a whole), where the turn's status over the run is
 * `status`. A repeated case's reason is that of the first repeat whose turn ended so (else the first in which it did
 * not pass): `turn 2/4, repeat 3/5: model request failed: 500`.
 */
export function failureAtTurn(result: TestResult, turnIndex: number | null, status: Status | null): string | null {
  if (result.status === 'passed') return null;
  const repeats = result.repeats ?? [];
  if (repeats.length > 1) {
    const statuses = repeats.map((repeat) => statusIn(repeat, turnIndex));
    const alike = statuses.findIndex((s) => s !== null && s === status && s !== 'passed');
    const index = alike >= 0 ? alike : statuses.findIndex((s) => s !== null && s !== 'passed');
    const repeat = repeats[index];
    if (repeat !== undefined) {
      const text = onceAt(repeat, turnIndex);
      if (text !== null) return withRepeat(text, index, repeats.length);
    }
  }
  return onceAt(result, turnIndex);
}

/** `turn 2/4: why` → `turn 2/4, repeat 3/5: why`; a reason without a turn gets `repeat 3/5: ` before it. */
function withRepeat(text: string, index: number, count: number): string {
  const repeat = `repeat ${index + 1}/${count}`;
  const turn = /^turn \d+(?:\/\d+)?: /.exec(text)?.[0];
  if (turn !== undefined) return `${turn.slice(0, -2)}, ${repeat}: ${text.slice(turn.length)}`;
  return `${repeat}: ${text}`;
}
