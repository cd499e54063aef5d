/**
 * Whether a finished result (restored by `--resume`) answered what its test case asks now: the same turns, with
 * the same inputs, ground truths and expected tools. A case edited since the run started runs again, rather
 * than keep a verdict on what it no longer asks. Texts the record cut (`… [truncated: N characters in total]`)
 * count as the same when what was kept starts the text now.
 */
import { canonicalJson } from '../core/canonical-json.js';
import type { TestCaseConfig } from '../core/config-types.js';
import type { TestResult } from '../core/results.js';
import { expectedToolToReport } from '../matchers/index.js';

const TRUNCATED = /… \[truncated: [\d,]+ characters in total\]$/;

export function resultAsksCase(result: TestResult, testCase: TestCaseConfig): boolean {
  const done = result.turns ?? [
    { input: result.test_input, ground_truth: result.ground_truth, expected_tools: result.expected_tools },
  ];
  if (done.length !== testCase.turns.length) return false;
  return testCase.turns.every((turn, at) => {
    const then = done[at];
    if (then === undefined) return false;
    const expected = turn.expected_tools ? turn.expected_tools.map(expectedToolToReport) : null;
    return (
      sameText(then.input, turn.input) &&
      sameText(then.ground_truth ?? null, turn.ground_truth) &&
      canonicalJson(then.expected_tools ?? null) === canonicalJson(expected)
    );
  });
}

function sameText(stored: string | null, now: string | null): boolean {
  if (stored === now) return true;
  if (stored === null || now === null) return false;
  const kept = stored.replace(TRUNCATED, '');
  return kept !== stored && now.startsWith(kept);
}
