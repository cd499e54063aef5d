/**
 * How a test case reads in JUnit XML, the vocabulary CI servers understand:
 *
 * - `passed`: the case passed.
 * - `skipped`: no turn ran (every turn was skipped) and the case has no error of its own.
 * - `error`: the case could not be judged because something broke rather than an assertion failing: the case
 *   has an error of its own (its session could not be opened, e.g. an MCP tool server that would not start),
 *   a turn that ran has errors (model endpoint unreachable, timeout, the session crashed, the run was
 *   interrupted mid-turn), or a metric errored (a code grader threw, an LLM judge was unreachable). An error
 *   anywhere in the case wins over assertion failures elsewhere in it.
 * - `failure`: everything else that did not pass: answers, tool calls or arguments, metric scores.
 *
 * A tool that returned an error to the agent is the agent's business, not an error of the run: the case's
 * assertions decide. The errors a skipped turn carries only say why it was skipped.
 */
import type { MetricResult, TestResult } from '../core/results.js';
import { caseOwnErrors } from './failure-reasons.js';

export type JunitOutcome = 'passed' | 'failure' | 'error' | 'skipped';

export function junitOutcome(result: TestResult): JunitOutcome {
  if (result.passed) return 'passed';
  if (result.turns === undefined) {
    return result.errors.length > 0 || result.metric_results.some(metricErrored) ? 'error' : 'failure';
  }
  const ran = result.turns.filter((turn) => !turn.skipped);
  const ownErrors = caseOwnErrors(result).length > 0;
  if (ran.length === 0 && result.turns.length > 0 && !ownErrors) return 'skipped';
  const turnErrors = ran.some((turn) => turn.errors.length > 0 || turn.metric_results.some(metricErrored));
  return ownErrors || turnErrors ? 'error' : 'failure';
}

function metricErrored(metric: MetricResult): boolean {
  return !metric.skipped && metric.error !== null;
}

export interface JunitCounts {
  readonly tests: number;
  readonly failures: number;
  readonly errors: number;
  readonly skipped: number;
}

/** The suite counts of a list of outcomes; `tests` counts every case, skipped ones included. */
export function junitCounts(outcomes: Iterable<JunitOutcome>): JunitCounts {
  const counts = { tests: 0, failures: 0, errors: 0, skipped: 0 };
  for (const outcome of outcomes) {
    counts.tests += 1;
    if (outcome === 'failure') counts.failures += 1;
    else if (outcome === 'error') counts.errors += 1;
    else if (outcome === 'skipped') counts.skipped += 1;
  }
  return counts;
}
