/** Resume: hands the results of cases finished by an earlier session to the reporters, in the order read. */
import type { Reporter } from '../core/reporter.js';
import type { TestResult } from '../core/results.js';
import type { RestoredRun } from './run-deps.js';

/**
 * Replays each restored result whose case is selected (by name → index), once per case; returns the names
 * replayed. Results of cases no longer selected are left out.
 */
export async function replayRestored(
  restored: RestoredRun,
  indexByName: ReadonlyMap<string, number>,
  reporter: Reporter,
  record: (result: TestResult, index: number) => void,
): Promise<ReadonlySet<string>> {
  const seen = new Set<string>();
  for await (const result of restored.results()) {
    const index = indexByName.get(result.test_name);
    if (index === undefined || seen.has(result.test_name)) continue;
    seen.add(result.test_name);
    record(result, index);
    await reporter.onTestCaseRestored?.(result, index);
  }
  return seen;
}
