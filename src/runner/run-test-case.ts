/** One test case: a fresh session, turns strictly in order, the session always closed, then the roll-up. */
import type { AgentSession } from '../core/backend.js';
import { dateAt } from '../core/clock.js';
import type { MetricConfig, TestCaseConfig, TurnConfig } from '../core/config-types.js';
import { costFields, ZERO_COST } from '../core/cost.js';
import { followAbort } from '../core/follow-abort.js';
import type { EarlierTurn } from '../core/grader.js';
import type { TurnResult } from '../core/results.js';
import { errorMessage } from './evaluate-metric.js';
import { rollupTestCase } from './rollup-test-case.js';
import type { RunDeps, TestCaseRun } from './run-deps.js';
import { emptyTurn, runTurn, settleTurn } from './run-turn.js';

export type { TestCaseRun } from './run-deps.js';

export async function runTestCase(
  testCase: TestCaseConfig,
  agentMetrics: readonly MetricConfig[],
  turnTimeoutMs: number,
  runDeps: RunDeps,
): Promise<TestCaseRun> {
  // The session and its turns get a signal of their own, released with the case, so nothing they register
  // on it accumulates on the run's signal over thousands of cases. A case's turn and session each hold one
  // listener on it at a time, so Node's listener limit is left as it is.
  const scope = followAbort(runDeps.signal, 'few');
  try {
    return await runCase(testCase, agentMetrics, turnTimeoutMs, { ...runDeps, signal: scope.signal });
  } finally {
    scope.dispose();
  }
}

async function runCase(
  testCase: TestCaseConfig,
  agentMetrics: readonly MetricConfig[],
  turnTimeoutMs: number,
  deps: RunDeps,
): Promise<TestCaseRun> {
  const started = deps.now();
  const timestamp = dateAt(started).toISOString();
  const opened = await openSession(testCase, deps);
  if (!opened.ok) {
    const turns = testCase.turns.map((turn) =>
      skippedTurn(turn, `session could not be opened: ${opened.message}`, deps),
    );
    const result = rollupTestCase(testCase, turns, deps.now() - started, timestamp, [opened.message]);
    return { result, interrupted: deps.signal.aborted };
  }
  const turns: TurnResult[] = [];
  let interrupted = false;
  // Answers served from a recording took no time now: the case's time counts them as recorded, as its turns do.
  let recordedMs = 0;
  try {
    let consecutiveErrors = 0;
    const earlierTurns: EarlierTurn[] = [];
    let skipReason: string | null = null;
    for (const turn of testCase.turns) {
      if (skipReason !== null) {
        turns.push(skippedTurn(turn, skipReason, deps));
        continue;
      }
      const context = { session: opened.session, testCase, turn, agentMetrics, turnTimeoutMs, deps };
      const outcome = await runTurn({ ...context, earlierTurns: [...earlierTurns] });
      turns.push(outcome.result);
      await deps.reporter.onTurnEnd?.(testCase.name, outcome.result);
      if (outcome.state === 'answered') {
        const { response, tool_invocations } = outcome.result;
        earlierTurns.push({ input: turn.input, response, tool_invocations });
        recordedMs += outcome.recorded_ms ?? 0;
        consecutiveErrors = 0;
        continue;
      }
      consecutiveErrors += 1;
      interrupted = outcome.interrupted;
      skipReason = sessionEndReason(outcome, consecutiveErrors, turn);
    }
  } finally {
    await closeQuietly(opened.session);
  }
  const result = rollupTestCase(testCase, turns, deps.now() - started + recordedMs, timestamp, []);
  return { result, interrupted };
}

function sessionEndReason(
  outcome: { unrecoverable: boolean; interrupted: boolean },
  consecutiveErrors: number,
  turn: TurnConfig,
): string | null {
  if (outcome.interrupted) return 'skipped: the run was interrupted';
  if (outcome.unrecoverable) return `skipped: the session became unrecoverable at turn ${turn.index + 1}`;
  if (consecutiveErrors >= 2)
    return `skipped: the session failed twice in a row (turns ${turn.index} and ${turn.index + 1})`;
  return null;
}

async function openSession(
  testCase: TestCaseConfig,
  deps: RunDeps,
): Promise<{ ok: true; session: AgentSession } | { ok: false; message: string }> {
  try {
    const session = await deps.backend.openSession({ test_case_name: testCase.name, signal: deps.signal });
    return { ok: true, session };
  } catch (error) {
    return { ok: false, message: errorMessage(error) };
  }
}

async function closeQuietly(session: AgentSession): Promise<void> {
  try {
    await session.close();
  } catch {
    // A session that fails to close has already delivered its results; nothing is lost.
  }
}

/** A turn that did not run: it cost nothing (priced as such when the run counts cost). */
function skippedTurn(turn: TurnConfig, reason: string, deps: RunDeps): TurnResult {
  const cost = deps.pricing === undefined ? {} : costFields(ZERO_COST);
  return settleTurn({ ...emptyTurn(turn), ...cost, skipped: true, errors: [reason] }, false);
}
