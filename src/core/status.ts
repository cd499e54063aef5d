/**
 * The outcome vocabulary of a run, in one place: every test case and turn ends `passed`, `failed`, `error` or
 * `skipped`, and reporters, the dashboard, resume and merge read it from here.
 *
 * - `passed`: every assertion held.
 * - `failed`: the agent ran and an assertion did not hold (answer, tools, arguments, a metric's score).
 * - `error`: no verdict could be reached for a reason outside the agent's behaviour — the model endpoint was
 *   unreachable or refused after retries, a timeout, a tool server that would not start or died, a grader or
 *   tool that threw or tried to end the process, an interrupted turn. An error is never a pass, and it wins
 *   over assertion failures elsewhere in the same case.
 * - `skipped`: nothing ran (e.g. the turns after a session became unrecoverable).
 *
 * The `passed` boolean of the JSON contract is `status === 'passed'`, so the two can never disagree.
 */

export type Status = 'passed' | 'failed' | 'error' | 'skipped';

/** The verdict fields of a turn or test case, as a union on `status`. */
export type Verdict =
  | { readonly status: 'passed'; readonly passed: true }
  | { readonly status: 'failed' | 'error' | 'skipped'; readonly passed: false };

export function verdict(status: Status): Verdict {
  return status === 'passed' ? { status, passed: true } : { status, passed: false };
}

/** A metric's state: skipped metrics have `passed: null` and count as neither passed nor failed. */
export type MetricState = 'passed' | 'failed' | 'error' | 'skipped';

export interface MetricFacts {
  readonly skipped: boolean;
  readonly error: string | null;
  readonly passed: boolean | null;
}

export function metricState(metric: MetricFacts): MetricState {
  if (metric.skipped) return 'skipped';
  if (metric.error !== null) return 'error';
  return metric.passed === true ? 'passed' : 'failed';
}

/** What decides a turn's status. */
export interface TurnFacts {
  readonly skipped: boolean;
  /** Every assertion of the turn held (tools, arguments, metrics that ran). */
  readonly assertions_held: boolean;
  readonly errors: readonly string[];
  readonly metric_results: readonly MetricFacts[];
}

export function turnStatus(turn: TurnFacts): Status {
  if (turn.skipped) return 'skipped';
  if (turn.errors.length > 0 || turn.metric_results.some((m) => metricState(m) === 'error')) return 'error';
  return turn.assertions_held ? 'passed' : 'failed';
}

/**
 * A test case's status from its turns and the errors of the case itself (a session that did not open):
 * any error makes it `error`; a case none of whose turns ran is `skipped`; otherwise it passed only if every
 * turn passed.
 */
export function caseStatus(turnStatuses: readonly Status[], caseErrors: readonly string[]): Status {
  if (caseErrors.length > 0 || turnStatuses.includes('error')) return 'error';
  if (turnStatuses.length === 0) return 'failed';
  if (turnStatuses.every((s) => s === 'skipped')) return 'skipped';
  return turnStatuses.every((s) => s === 'passed') ? 'passed' : 'failed';
}

/**
 * A test case run N times (`--repeat N`): it passes when its pass rate (passed repeats / N) reaches
 * `minPassRate`. A repeat that errored or was skipped is never a pass. Below the rate, the case is `failed`
 * when some repeat failed on an assertion, and `error` when only errors kept it below (no failing verdict was
 * reached); a case whose repeats all errored is `error` whatever the rate, and one none of whose repeats ran is
 * `skipped`.
 */
export function repeatedCaseStatus(repeatStatuses: readonly Status[], minPassRate: number): Status {
  const count = (status: Status) => repeatStatuses.filter((s) => s === status).length;
  const counts = {
    passed: count('passed'),
    failed: count('failed'),
    errored: count('error'),
    skipped: count('skipped'),
  };
  return repeatedStatus(counts, minPassRate);
}

/**
 * The same rule over the counts of a case's or a turn's repeats. A turn below the rate with no failure and no
 * error was only skipped in the repeats it missed (an earlier turn ended their sessions): it is `skipped`.
 */
export function repeatedStatus(
  counts: { readonly passed: number; readonly failed: number; readonly errored: number; readonly skipped: number },
  minPassRate: number,
  of: 'case' | 'turn' = 'case',
): Status {
  const runs = counts.passed + counts.failed + counts.errored + counts.skipped;
  if (runs === 0) return 'failed';
  if (counts.skipped === runs) return 'skipped';
  if (counts.errored === runs - counts.skipped) return 'error';
  if (meetsPassRate(counts.passed, runs, minPassRate)) return 'passed';
  if (counts.failed > 0) return 'failed';
  return of === 'turn' && counts.errored === 0 ? 'skipped' : 'error';
}

/**
 * `passes` of `runs` reach `minPassRate`, a rate given as a share or a percentage: 9 of 125 reach 7.2 %, though
 * 7.2 / 100 is a hair above 9 / 125 in binary floating point.
 */
export function meetsPassRate(passes: number, runs: number, minPassRate: number): boolean {
  return passes >= minPassRate * runs - 1e-9;
}
