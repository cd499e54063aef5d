/**
 * One conversation on the AI SDK: the message history lives here, each `send` is one turn.
 *
 * Retries: only the failed model call is retried; a 429 is retried without limit of attempts (the model's
 * limiter paces it), any other retryable failure up to `max_retries` times for each model request of the turn (the
 * request after a tool call has its own). Steps that completed before the failure (the model
 * answered and its tool calls ran) are kept: the retry sends the conversation so far including them, with
 * the remaining step budget, so tools are not executed twice and a turn that already produced its answer
 * is never sent again. Tool calls of a failed step are discarded (the model never saw their results and
 * will ask again). A failed turn leaves the history as it was before the turn.
 */

import type { AnswerCutOff } from '../../core/answer-cut-off.js';
import type { AgentSession, TurnRequest, TurnResponse } from '../../core/backend.js';
import { AgentTurnError } from '../../core/errors.js';
import { followAny } from '../../core/follow-any.js';
import { gaveUpNote } from '../../core/gave-up-note.js';
import type { AgentTools, TurnToolLog } from './agent-tools.js';
import { buildUserMessage, historyUserMessage } from './build-user-message.js';
import { notRunMessage, sumUsage, toolInvocationsOf, unreportedCalls, usageOf } from './capture-turn.js';
import { classifyModelError, type ModelErrorVerdict } from './classify-model-error.js';
import type { FinishReason, ProviderMessage, ProviderModel, ProviderToolMessage } from './provider-model.js';
import { noteHolds } from './rate-limit/held-requests.js';
import { isRateLimit } from './rate-limit/rate-limit-middleware.js';
import { recordedLatencyOf, servedFromStore } from './recording/stored-response.js';
import { parseRetryAfter, type RetryPolicy, retryDelayMs, type Sleep } from './retry-policy.js';
import { runModelAttempt } from './run-model-attempt.js';
import { TooManyToolCallsError } from './tool-call-cap.js';
import type { Step } from './tool-loop-step.js';

export interface SessionSettings {
  readonly model: ProviderModel;
  readonly provider: string;
  readonly endpoint: string;
  /** Where the model is written in agent.yaml (`model`, `models[1]`), for a refused key's hint. */
  readonly model_path: string;
  /** No API key is sent: a 401 says so. */
  readonly keyless?: boolean;
  readonly system: string | undefined;
  /** Made once per agent: definitions, argument checks. */
  readonly tools: AgentTools;
  readonly max_steps: number;
  readonly temperature: number | undefined;
  readonly max_output_tokens: number | undefined;
  readonly retry: RetryPolicy;
  readonly random: () => number;
  readonly sleep: Sleep;
  readonly now: () => number;
}

export function createAiSdkSession(settings: SessionSettings, sessionSignal: AbortSignal): AgentSession {
  // The prompt as the provider takes it, each message converted once: the system message, then every
  // completed turn's messages. A call sends it as it stands plus the turn's own messages.
  const history: ProviderMessage[] =
    settings.system === undefined ? [] : [{ role: 'system', content: settings.system }];
  return {
    async send(request: TurnRequest): Promise<TurnResponse> {
      const followed = followAny([request.signal, sessionSignal]);
      const forgetHolds = noteHolds(followed.signal, request.holds);
      try {
        return await sendTurn(request, followed.signal);
      } finally {
        forgetHolds();
        followed.dispose();
      }
    },
    async close() {
      history.length = 0;
    },
  };

  async function sendTurn(request: TurnRequest, signal: AbortSignal): Promise<TurnResponse> {
    const user = buildUserMessage(request);
    const log: TurnToolLog = { timings: new Map(), crashes: new Set(), journal: request.calls };
    const steps: Step[] = [];
    const carried: ProviderMessage[] = [];
    let retries = 0;
    // Retries of the request now failing (a step that completed starts a new request): the failures other than
    // 429s count against max_retries, each request having its own.
    let attempts = 0;
    let requestRetries = 0;
    let cutOff = false;
    // A 429's request, held by the model's limiter until its back-off ends: a retry once it has gone out.
    let held: string | null = null;
    for (;;) {
      if (signal.aborted) throw abortedError(signal);
      const outcome = await runModelAttempt({
        model: settings.model,
        prompt: [...history, user, ...carried],
        tools: settings.tools,
        log,
        max_steps: settings.max_steps - steps.length,
        temperature: settings.temperature,
        max_output_tokens: settings.max_output_tokens,
        signal,
        ...(request.usage === undefined
          ? {}
          : { on_usage: (usage, stored) => request.usage?.record(sumUsage([usage]), stored) }),
      });
      if (held !== null && !signal.aborted) request.retries?.record(held);
      held = null;
      steps.push(...outcome.steps);
      carried.push(...outcome.messages);
      if (outcome.steps.length > 0) {
        attempts = 0;
        requestRetries = 0;
      }
      if (outcome.ok) {
        cutOff = outcome.cut_off;
        break;
      }
      if (signal.aborted) throw abortedError(signal);
      // No model error: the answer asked for more tool calls than a step may run, and asking again would not help.
      if (outcome.error instanceof TooManyToolCallsError) throw outcome.error;
      const verdict = classifyModelError(outcome.error, settings);
      // A 429 is sent again as often as it takes, within the turn's timeout: the model's limiter
      // (rate-limit/) holds the next call until its back-off ends.
      const rateLimited = isRateLimit(outcome.error);
      const withinAttempts = rateLimited || (verdict.retryable && attempts < settings.retry.max_retries);
      if (!withinAttempts || steps.length >= settings.max_steps)
        throw turnError(verdict, requestRetries, outcome.error);
      if (rateLimited) {
        // Sent again at once: the model's limiter holds it until the back-off ends (said as a wait until then).
        request.retries?.waiting?.(verdict.message);
        held = verdict.message;
      } else {
        // Said before the wait: a turn that runs out of time in it names what it was waiting to retry.
        request.retries?.waiting?.(verdict.message);
        const hint = parseRetryAfter(verdict.retry_after_headers, settings.now());
        try {
          await settings.sleep(retryDelayMs(attempts, settings.retry, settings.random, hint), signal);
        } catch {
          throw abortedError(signal);
        }
        request.retries?.record(verdict.message);
        attempts += 1;
      }
      retries += 1;
      requestRetries += 1;
    }
    // The turn's files were for this turn: later turns carry their names, not their content.
    history.push(historyUserMessage(request), ...answerUnrunCalls(carried, steps.at(-1)?.finishReason));
    // Answers served from a cassette or the cache took no time now: their recorded time is reported.
    const recorded = steps.reduce((sum, step) => sum + recordedLatencyOf(step.providerMetadata), 0);
    const served = steps.filter((step) => servedFromStore(step.providerMetadata));
    return {
      response: steps.at(-1)?.text ?? '',
      tool_invocations: toolInvocationsOf(steps),
      token_usage: usageOf(steps),
      ...(unreportedCalls(steps) === 0 ? {} : { unreported_usage_calls: unreportedCalls(steps) }),
      retries,
      ...(cutOff ? { step_limit: settings.max_steps } : {}),
      ...answerCutOff(steps.at(-1)?.finishReason),
      ...(log.crashes.size === 0 ? {} : { errors: [...log.crashes] }),
      ...(recorded === 0 ? {} : { recorded_latency_ms: recorded }),
      ...(served.length === 0 ? {} : { stored_usage: { calls: served.length, token_usage: usageOf(served) } }),
    };
  }
}

/**
 * The turn's messages with a result for every tool call that got none. An answer cut off at its token limit
 * while calling tools leaves calls that never ran, and providers refuse a conversation whose calls go
 * unanswered: each such call gets an error result saying it did not run, so the next turn can go on.
 */
function answerUnrunCalls(messages: readonly ProviderMessage[], finishReason: FinishReason | undefined) {
  // Each id's calls not answered yet, counted: one result answers one call of its id (a model may give two
  // calls one id), and which of them does not matter, since an unanswered call is answered by id.
  const calls: { readonly toolCallId: string; readonly toolName: string }[] = [];
  const unanswered = new Map<string, number>();
  for (const message of messages) {
    if (message.role === 'assistant') {
      for (const part of message.content) {
        if (part.type !== 'tool-call') continue;
        calls.push(part);
        unanswered.set(part.toolCallId, (unanswered.get(part.toolCallId) ?? 0) + 1);
      }
    } else if (message.role === 'tool') {
      for (const part of message.content) {
        if (part.type !== 'tool-result') continue;
        const count = unanswered.get(part.toolCallId) ?? 0;
        if (count > 0) unanswered.set(part.toolCallId, count - 1);
      }
    }
  }
  // The last calls of each id are the ones left open (results answer the first ones first).
  const open: typeof calls = [];
  for (let index = calls.length - 1; index >= 0; index -= 1) {
    const call = calls[index] as (typeof calls)[number];
    const count = unanswered.get(call.toolCallId) ?? 0;
    if (count === 0) continue;
    unanswered.set(call.toolCallId, count - 1);
    open.push(call);
  }
  open.reverse();
  if (open.length === 0) return messages;
  const results: ProviderToolMessage['content'] = open.map(({ toolCallId, toolName }) => ({
    type: 'tool-result',
    toolCallId,
    toolName,
    output: { type: 'error-text', value: notRunMessage(finishReason) },
  }));
  const last = messages.at(-1);
  if (last?.role === 'tool') return [...messages.slice(0, -1), { ...last, content: [...last.content, ...results] }];
  return [...messages, { role: 'tool' as const, content: results }];
}

function turnError(verdict: ModelErrorVerdict, retries: number, cause: unknown): AgentTurnError {
  const unrecoverable = verdict.auth_failure || verdict.unreachable;
  return new AgentTurnError(`${verdict.message}${gaveUpNote(retries)}`, verdict.code, unrecoverable, { cause });
}

function abortedError(signal: AbortSignal): AgentTurnError {
  const reason: unknown = signal.reason;
  const text = reason instanceof Error ? reason.message : reason === undefined ? 'aborted' : String(reason);
  return new AgentTurnError(`turn aborted: ${text}`, 'TURN_ABORTED', false, { cause: reason });
}

/** The final answer's finish reason, when the model stopped it before finishing it. */
function answerCutOff(finish: FinishReason | undefined): { answer_cut_off?: AnswerCutOff } {
  if (finish === 'length') return { answer_cut_off: 'token_limit' };
  if (finish === 'content-filter') return { answer_cut_off: 'content_filter' };
  return {};
}
