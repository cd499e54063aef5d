/**
 * Test cases compared by name that are not the same test: a case of run B that shares its name with one of run A
 * but asked other questions or expected other answers (its turns' inputs and ground truths differ). Their
 * verdicts compare different tests; `holodeck compare` and the dashboard's compare view both say so.
 */
import type { TestResult } from './results.js';

/** What a case asked and expected, as one comparable text. */
function asked(result: TestResult): string {
  const turns = result.turns ?? [{ input: result.test_input, ground_truth: result.ground_truth }];
  return JSON.stringify(turns.map((turn) => [turn.input, turn.ground_truth]));
}

/** The names of B's cases that asked or expected otherwise than A's case of the same name, in B's order. */
export function askedDifferently(a: readonly TestResult[], b: readonly TestResult[]): string[] {
  const before = new Map(a.map((result) => [result.test_name, asked(result)]));
  return b
    .filter((result) => before.has(result.test_name) && before.get(result.test_name) !== asked(result))
    .map((result) => result.test_name);
}
