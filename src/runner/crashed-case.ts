/**
 * A case that was running when the run crashed (an uncaught exception or unhandled rejection stopped it): it
 * never finished on its own, yet it did not "not run" either. It is recorded as an error saying so, marked for
 * `--resume` to run it again.
 */
import type { TestResult } from '../core/results.js';
import { verdict } from '../core/status.js';

export function crashedCase(result: TestResult, crash: string): TestResult {
  const said = `the run stopped: ${crash} while this case ran`;
  return {
    ...result,
    ...verdict('error'),
    errors: [said, ...result.errors.filter((error) => error !== said)],
    stopped_by_crash: true,
  };
}
