/** One turn: send it on the session within its timeout, then check tool assertions and metrics. */

import type { AgentSession, TurnResponse } from '../core/backend.js';
import { boundDepth, nestedDeeperThan } from '../core/bound-depth.js';
import { clearRunTimer, monotonicNow, runTimer } from '../core/clock.js';
import type { MetricConfig, TestCaseConfig, TurnConfig } from '../core/config-types.js';
import { costFields, turnCost } from '../core/cost.js';
import { AgentTurnError } from '../core/errors.js';
import type { EvaluationInput } from '../core/evaluator.js';
import type { EarlierTurn } from '../core/grader.js';
import { createHoldTracker } from '../core/hold-tracker.js';
import type { MetricResult, TurnFields, TurnResult } from '../core/results.js';
import { turnStatus, verdict } from '../core/status.js';
import {
  addUsage,
  type CallUsage,
  NO_STORED_USAGE,
  type StoredUsage,
  type TokenUsage,
  ZERO_USAGE,
} from '../core/token-usage.js';
import type { ToolInvocation } from '../core/tool-invocation.js';
import { assertTurnTools, expectedToolToReport } from '../matchers/index.js';
import { describeTurn } from './describe-turn.js';
import { errorMessage, evaluateMetric } from './evaluate-metric.js';
import type { RunDeps } from './run-deps.js';
import { selectMetrics } from './select-metrics.js';
import { pastDeadline } from './turn-deadline.js';
import { runInTurnScope } from './turn-scope.js';
import { createTurnSignal, InterruptedError, TurnTimeoutError } from './turn-signal.js';

export interface TurnContext {
  readonly session: AgentSession;
  readonly testCase: TestCaseConfig;
  readonly turn: TurnConfig;
  readonly agentMetrics: readonly MetricConfig[];
  readonly turnTimeoutMs: number;
  readonly deps: RunDeps;
  /** The case's earlier turns the agent answered, for the judges and code graders of this one. */
  readonly earlierTurns: readonly EarlierTurn[];
}

export type TurnOutcome =
  | {
      readonly state: 'answered';
      readonly result: TurnResult;
      /** Model time of answers served from a recording, as recorded: in the turn's time, never waited for. */
      readonly recorded_ms?: number;
    }
  | {
      readonly state: 'errored';
      readonly result: TurnResult;
      readonly unrecoverable: boolean;
      readonly interrupted: boolean;
    };

export async function runTurn(ctx: TurnContext): Promise<TurnOutcome> {
  if (ctx.deps.turn_scope === false) return runTurnSteps(ctx);
  const { scope, done } = runInTurnScope(() => runTurnSteps(ctx));
  const outcome = await done;
  // Problems the turn's own errors do not already tell (a grader's or agent's error may quote them).
  const problems = scope.problems.filter((p) => !outcome.result.errors.some((error) => error.includes(p)));
  if (problems.length === 0 && scope.problems.length === 0) return outcome;
  // User code of this turn tried to end the process or threw from a callback: no verdict can be trusted.
  const result = settleTurn({ ...outcome.result, errors: [...outcome.result.errors, ...problems] }, false);
  return outcome.state === 'answered'
    ? { state: 'errored', result, unrecoverable: false, interrupted: false }
    : { ...outcome, result };
}

async function runTurnSteps(ctx: TurnContext): Promise<TurnOutcome> {
  const { deps, turn } = ctx;
  const started = deps.now();
  const sent = await sendTurn(ctx);
  if (!sent.ok) {
    const result = {
      ...erroredTurn(turn, sent.message, deps.now() - started, boundCalls(sent.calls)),
      token_usage: sent.usage,
      ...(deps.pricing === undefined
        ? {}
        : costFields(turnCost(deps.pricing, sent.usage, [], sent.stored, 0, sent.abandoned))),
      retries: sent.retries,
    };
    return { state: 'errored', result, unrecoverable: sent.unrecoverable, interrupted: sent.interrupted };
  }
  // What the agent and its tools gave is walked from here on (checks, graders, reports): its depth is bounded.
  const response = { ...sent.response, tool_invocations: boundCalls(sent.response.tool_invocations) };
  const late = pastDeadline(sent.elapsed_ms, response.recorded_latency_ms ?? 0, ctx.turnTimeoutMs);
  if (late !== null) {
    const result = {
      ...erroredTurn(turn, late, deps.now() - started + (response.recorded_latency_ms ?? 0), response.tool_invocations),
      token_usage: response.token_usage,
      ...(deps.pricing === undefined
        ? {}
        : costFields(
            turnCost(deps.pricing, response.token_usage, [], response.stored_usage, response.unreported_usage_calls),
          )),
      retries: response.retries,
    };
    return { state: 'errored', result, unrecoverable: false, interrupted: false };
  }
  const { assertions, tools_matched: toolsMatched } = assertTurnTools(
    turn,
    response.tool_invocations,
    deps.tool_policy,
    response.step_limit ?? null,
  );
  const judgeUsages: CallUsage[] = [];
  let judgeRecordedMs = 0;
  let judgeRetries = 0;
  const onJudgeUsage = (usage: TokenUsage, stored: boolean, recordedMs: number) => {
    judgeUsages.push({ usage, stored });
    judgeRecordedMs += recordedMs;
  };
  const metrics = await evaluateTurnMetrics(ctx, response, onJudgeUsage, () => {
    judgeRetries += 1;
  });
  // Model time of answers served from a recording (the agent's and the judge's), as recorded: not waited for.
  const recordedMs = (response.recorded_latency_ms ?? 0) + judgeRecordedMs;
  const metricResults = metrics.map((m) => m.result);
  if (interruptedMetrics(deps.signal, metricResults)) {
    // The run was interrupted while a grader or a judge ran: what it was cut off from is no verdict. The case is
    // unfinished, left out of the record as a case stopped in a model call is, so --resume runs it again.
    const fields = {
      ...emptyTurn(turn),
      response: response.response,
      errors: ['run interrupted before the turn finished'],
    };
    return { state: 'errored', result: settleTurn(fields, false), unrecoverable: false, interrupted: true };
  }
  const assertionsHeld = toolsMatched !== false && metricResults.every((m) => m.skipped || m.passed === true);
  return {
    state: 'answered',
    ...(recordedMs === 0 ? {} : { recorded_ms: recordedMs }),
    result: settleTurn(
      {
        turn_index: turn.index,
        input: turn.input,
        response: response.response,
        ground_truth: turn.ground_truth,
        expected_tools: turn.expected_tools ? turn.expected_tools.map(expectedToolToReport) : null,
        tool_calls: response.tool_invocations.map((call) => call.name),
        tool_invocations: response.tool_invocations,
        tools_matched: toolsMatched,
        arg_match_details: assertions,
        metric_results: metricResults,
        skipped: false,
        execution_time_ms: deps.now() - started + recordedMs,
        token_usage: response.token_usage,
        ...(deps.pricing === undefined
          ? {}
          : costFields(
              turnCost(
                deps.pricing,
                response.token_usage,
                judgeUsages,
                response.stored_usage,
                response.unreported_usage_calls,
              ),
            )),
        errors: [...new Set(response.errors ?? [])],
        grader_details: metrics.flatMap((m) => (m.grader_detail ? [m.grader_detail] : [])),
        retries: response.retries + judgeRetries,
        ...(response.answer_cut_off === undefined ? {} : { answer_cut_off: response.answer_cut_off }),
      },
      assertionsHeld,
    ),
  };
}

/** The run's signal aborts only when the run is interrupted; a metric that then errored was cut off by it. */
function interruptedMetrics(signal: AbortSignal, results: readonly MetricResult[]): boolean {
  return signal.aborted && results.some((result) => result.error !== null);
}

/**
 * The calls, with arguments and results nested deeper than MAX_VALUE_DEPTH cut there (the same array when
 * none is).
 */
function boundCalls(calls: readonly ToolInvocation[]): readonly ToolInvocation[] {
  if (!calls.some((call) => nestedDeeperThan(call.args) || nestedDeeperThan(call.result))) return calls;
  return calls.map((call) => ({ ...call, args: boundDepth(call.args), result: boundDepth(call.result) }));
}

/** Gives a turn its status (and the `passed` that follows from it) from what happened on it. */
export function settleTurn(fields: TurnFields, assertionsHeld: boolean): TurnResult {
  return { ...fields, ...verdict(turnStatus({ ...fields, assertions_held: assertionsHeld })) };
}

type SendResult =
  | {
      readonly ok: true;
      readonly response: TurnResponse;
      /** From the start of the turn's timeout to the answer. */
      readonly elapsed_ms: number;
    }
  | {
      readonly ok: false;
      readonly message: string;
      /** Model requests sent again before the turn failed. */
      readonly retries: number;
      readonly unrecoverable: boolean;
      readonly interrupted: boolean;
      /** The tool calls that settled before the turn failed (a hung tool included, with its timeout). */
      readonly calls: readonly ToolInvocation[];
      /** What the model calls that answered before the turn failed used. */
      readonly usage: TokenUsage;
      /** The part of it answered from a cassette or the cache. */
      readonly stored: StoredUsage;
      /**
       * Model requests sent and then abandoned unanswered (the turn's time limit, an interrupt): the provider may
       * still bill them, for tokens unknown.
       */
      readonly abandoned: number;
    };

/** How long a cancelled turn may take to stop before its session is given up (the next turn never overlaps it). */
export const STOP_GRACE_MS = 5000;

async function sendTurn(ctx: TurnContext): Promise<SendResult> {
  const turnSignal = createTurnSignal(ctx.deps.signal, ctx.turnTimeoutMs);
  const began = monotonicNow();
  let sending: Promise<TurnResponse> | null = null;
  const calls: ToolInvocation[] = [];
  const retried: string[] = [];
  // A failed request waiting out its back-off, not sent again yet: a failure, not a retry.
  let waiting: string | null = null;
  const holds = createHoldTracker();
  let used = ZERO_USAGE;
  let stored = NO_STORED_USAGE;
  try {
    const files = await ctx.deps.loadFiles(ctx.turn.files);
    const request = {
      turn_index: ctx.turn.index,
      input: ctx.turn.input,
      files,
      turn_config: ctx.turn.turn_config,
      signal: turnSignal.signal,
      calls: { record: (call: ToolInvocation) => void calls.push(call) },
      retries: {
        record: (reason: string) => {
          waiting = null;
          retried.push(reason);
        },
        waiting: (reason: string) => {
          waiting = reason;
        },
      },
      holds: holds.journal,
      usage: {
        record: (usage: TokenUsage, served = false) => {
          used = addUsage(used, usage);
          if (served) stored = { calls: stored.calls + 1, token_usage: addUsage(stored.token_usage, usage) };
        },
      },
    };
    sending = ctx.session.send(request);
    const response = await Promise.race([sending, turnSignal.aborted]);
    return { ok: true, response, elapsed_ms: monotonicNow() - began };
  } catch (error) {
    const reason = turnSignal.signal.aborted ? turnSignal.signal.reason : error;
    const stopped = sending === null || !turnSignal.signal.aborted || (await settlesWithin(sending, STOP_GRACE_MS));
    const held = reason instanceof TurnTimeoutError ? holds.note() : '';
    // A request cut off by the turn's signal stays noted as unanswered; one that failed on its own was answered.
    const abandoned = turnSignal.signal.aborted ? holds.unanswered() : 0;
    const said = `${errorMessage(reason)}${retriesNote(reason, waiting === null ? retried : [...retried, waiting])}${held}`;
    const message = stopped
      ? said
      : `${said}; the agent did not stop within ${STOP_GRACE_MS / 1000}s, so the session cannot go on`;
    return {
      ok: false,
      message,
      retries: retried.length,
      unrecoverable: !stopped || (reason instanceof AgentTurnError && reason.unrecoverable),
      interrupted: reason instanceof InterruptedError,
      calls: calls.slice(),
      usage: used,
      stored,
      abandoned,
    };
  } finally {
    turnSignal.dispose();
  }
}

/**
 * What held up a turn that ran out of time or was stopped while the backend was to send its request again
 * (` — while retrying: 3 model requests failed, the last with "rate limited (HTTP 429)"`); nothing when the
 * error says it gave up on the retries itself, or there were none.
 */
function retriesNote(reason: unknown, retried: readonly string[]): string {
  const last = retried.at(-1);
  if (last === undefined || (reason instanceof AgentTurnError && reason.code !== 'TURN_ABORTED')) return '';
  const count = retried.length === 1 ? '1 model request failed' : `${retried.length} model requests failed`;
  return ` — while retrying: ${count}, the last with "${last}"`;
}

/** Whether a promise settles (either way) within `ms`. */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = runTimer(() => resolve(false), ms);
    const done = () => {
      clearRunTimer(timer);
      resolve(true);
    };
    promise.then(done, done);
  });
}

async function evaluateTurnMetrics(
  ctx: TurnContext,
  response: TurnResponse,
  onJudgeUsage: (usage: TokenUsage, stored: boolean, recordedMs: number) => void,
  onJudgeRetry: () => void,
) {
  const { deps, turn } = ctx;
  const configs = selectMetrics(ctx.agentMetrics, ctx.testCase, turn);
  const input: EvaluationInput = {
    test_case_name: ctx.testCase.name,
    turn_index: turn.index,
    turn_input: turn.input,
    agent_response: response.response,
    ground_truth: turn.ground_truth,
    retrieval_context: turn.retrieval_context,
    tool_invocations: response.tool_invocations,
    turn_config: turn.turn_config,
    turn: describeTurn(turn),
    earlier_turns: ctx.earlierTurns,
    signal: deps.signal,
    on_judge_usage: onJudgeUsage,
    on_judge_retry: onJudgeRetry,
  };
  const results = [];
  for (const config of configs) {
    results.push(await evaluateMetric(config, deps.createEvaluator(config), input, deps.now));
  }
  return results;
}

function erroredTurn(turn: TurnConfig, message: string, elapsed: number, calls: readonly ToolInvocation[]): TurnResult {
  const fields = { ...emptyTurn(turn), execution_time_ms: elapsed, errors: [message] };
  const withCalls = { ...fields, tool_calls: calls.map((call) => call.name), tool_invocations: calls };
  return settleTurn(withCalls, false);
}

/** The fields of a turn that did not run (skipped) or produced nothing. */
export function emptyTurn(turn: TurnConfig): TurnFields {
  return {
    turn_index: turn.index,
    input: turn.input,
    response: '',
    ground_truth: turn.ground_truth,
    expected_tools: turn.expected_tools ? turn.expected_tools.map(expectedToolToReport) : null,
    tool_calls: [],
    tool_invocations: [],
    // Not evaluated: a turn that did not run or errored has no verdict on its tools.
    tools_matched: null,
    arg_match_details: [],
    metric_results: [],
    skipped: false,
    execution_time_ms: 0,
    token_usage: ZERO_USAGE,
    errors: [],
    grader_details: [],
    retries: 0,
  };
}
