/**
 * An LLM judge on an AI SDK provider model: one non-streaming call with structured output
 * (generate-judge-object.ts), retried like agent calls.
 */

import { clearRunTimer, runTimer, wallNow } from '../../core/clock.js';
import type { ModelConfig } from '../../core/config-types.js';
import { formatLimitNumber } from '../../core/format-limit-number.js';
import { gaveUpNote } from '../../core/gave-up-note.js';
import { createHoldTracker } from '../../core/hold-tracker.js';
import type { Judge, JudgeRequest } from '../../core/judge.js';
import type { RateLimit } from '../../core/rate-limit.js';
import { sumUsage } from './capture-turn.js';
import { classifyModelError } from './classify-model-error.js';
import { createLanguageModel, type Env } from './create-language-model.js';
import { asProviderModel, type ProviderModel } from './provider-model.js';
import { noteHolds } from './rate-limit/held-requests.js';
import { isRateLimit } from './rate-limit/rate-limit-middleware.js';
import { processRateLimits, type RateLimitRegistry, rateLimitOf } from './rate-limit/rate-limit-registry.js';
import type { ModelRecording } from './recording/model-recording.js';
import {
  abortableSleep,
  DEFAULT_RETRY_POLICY,
  parseRetryAfter,
  type RetryPolicy,
  retryDelayMs,
  type Sleep,
} from './retry-policy.js';

export interface AiSdkJudgeOptions {
  readonly retry?: Partial<RetryPolicy>;
  /** How long one judge call may take, its retries included, when the request sets no timeout of its own. */
  readonly timeout_ms?: number;
  readonly random?: () => number;
  readonly sleep?: Sleep;
  /** `--record`, `--replay` or `--cache`: the judge's model calls go through it. */
  readonly recording?: ModelRecording;
  /** `execution.rate_limit`: the limit when the judge's model sets none. */
  readonly rate_limit?: RateLimit | null;
  /** The limiters judge calls share with the agent's; default the process's. */
  readonly rate_limits?: RateLimitRegistry;
  /** Where the judge's model is written in agent.yaml, for a refused key's hint; default `evaluations.model`. */
  readonly model_path?: string;
}

/** As `execution.llm_timeout`'s default. */
export const DEFAULT_JUDGE_TIMEOUT_MS = 60_000;

/** A judge call that failed for good; `code` as in classifyModelError (MODEL_AUTH, MODEL_HTTP_ERROR…). */
export class JudgeCallError extends Error {
  constructor(
    message: string,
    readonly code: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'JudgeCallError';
  }
}

/**
 * Each call has a deadline of its own (the request's `timeout_ms`, else the judge's): a judge that stalls ends
 * as a JUDGE_TIMEOUT error instead of holding the turn. Retryable failures (5xx, connection errors) are
 * retried with backoff within that deadline, as agent calls are within their turn's; a 429 is sent again
 * without counting, when the model's limiter lets it.
 */
export function createAiSdkJudge(model: ModelConfig, env: Env, options: AiSdkJudgeOptions = {}): Judge {
  let resolved: Promise<JudgeModel> | null = null;
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const sleep = options.sleep ?? abortableSleep;
  const random = options.random ?? Math.random;
  const defaultTimeout = options.timeout_ms ?? DEFAULT_JUDGE_TIMEOUT_MS;
  return {
    async judge(request: JudgeRequest): Promise<unknown> {
      resolved ??= resolveJudgeModel(model, env, options);
      const { model: languageModel, endpoint, keyless } = await resolved;
      const timeoutMs = request.timeout_ms ?? defaultTimeout;
      const deadline = withDeadline(request.signal, timeoutMs);
      const modelPath = options.model_path ?? 'evaluations.model';
      const call: JudgeCall = { model, modelPath, languageModel, endpoint, keyless, policy, sleep, random };
      const retried: Retried = { count: 0, last: null };
      const holds = createHoldTracker();
      const forgetHolds = noteHolds(deadline.signal, holds.journal);
      try {
        return await callWithRetries(call, request, deadline.signal, retried);
      } catch (error) {
        if (deadline.timedOut() && !request.signal.aborted) {
          const message = `judge call timed out after ${formatLimitNumber(timeoutMs)} ms${retriedNote(retried)}${holds.note()}`;
          throw new JudgeCallError(message, 'JUDGE_TIMEOUT', { cause: error });
        }
        throw error;
      } finally {
        forgetHolds();
        deadline.dispose();
      }
    },
  };
}

interface JudgeModel {
  readonly model: ProviderModel;
  readonly endpoint: string;
  readonly keyless: boolean;
}

async function resolveJudgeModel(model: ModelConfig, env: Env, options: AiSdkJudgeOptions): Promise<JudgeModel> {
  const { recording } = options;
  const path = options.model_path ?? 'evaluations.model';
  const resolved = await createLanguageModel(model, env, { offline: recording?.mode === 'replay', path });
  const limits = options.rate_limits ?? processRateLimits;
  const limited = await limits.wrap(resolved.model, model, rateLimitOf(model, options.rate_limit));
  const wrapped = recording === undefined ? limited : await recording.wrap(limited, { endpoint: resolved.endpoint });
  return { model: asProviderModel(wrapped), endpoint: resolved.endpoint, keyless: resolved.keyless === true };
}

interface JudgeCall {
  readonly model: ModelConfig;
  readonly modelPath: string;
  readonly languageModel: ProviderModel;
  readonly endpoint: string;
  readonly keyless: boolean;
  readonly policy: RetryPolicy;
  readonly sleep: Sleep;
  readonly random: () => number;
}

/** The requests of a judge call sent again (429s included), and what the last one met. */
interface Retried {
  count: number;
  last: string | null;
}

/** What held up a judge call that ran out of time while it was retrying; nothing when it was not. */
function retriedNote(retried: Retried): string {
  if (retried.count === 0 || retried.last === null) return '';
  const requests = retried.count === 1 ? '1 judge request' : `${retried.count} judge requests`;
  return ` — while retrying: ${requests} retried, the last after "${retried.last}"`;
}

async function callWithRetries(
  call: JudgeCall,
  request: JudgeRequest,
  signal: AbortSignal,
  retried: Retried,
): Promise<unknown> {
  const { model, policy } = call;
  const { generateJudgeObject } = await import('./generate-judge-object.js');
  const settings = { temperature: model.temperature, max_output_tokens: model.max_tokens };
  const onUsage = (usage: Parameters<typeof sumUsage>[0][number], stored: boolean, recordedMs: number) =>
    request.on_usage?.(sumUsage([usage]), stored, recordedMs);
  // Failures other than 429s retried so far; a 429 is sent again at once (its model's limiter holds it).
  let retries = 0;
  for (;;) {
    try {
      return await generateJudgeObject(call.languageModel, request, settings, signal, onUsage);
    } catch (error) {
      if (signal.aborted) throw new JudgeCallError('judge call aborted', 'TURN_ABORTED', { cause: error });
      const verdict = classifyModelError(error, {
        provider: model.provider,
        endpoint: call.endpoint,
        model_path: call.modelPath,
        keyless: call.keyless,
      });
      if (isRateLimit(error)) {
        retried.count += 1;
        retried.last = verdict.message;
        request.on_retry?.();
        continue;
      }
      if (!verdict.retryable || retries >= policy.max_retries) {
        throw new JudgeCallError(`judge ${verdict.message}${gaveUpNote(retries)}`, verdict.code, { cause: error });
      }
      retried.count += 1;
      retried.last = verdict.message;
      request.on_retry?.();
      const hint = parseRetryAfter(verdict.retry_after_headers, wallNow());
      await call.sleep(retryDelayMs(retries, policy, call.random, hint), signal);
      retries += 1;
    }
  }
}

/** A signal that aborts with `parent` or after `ms`; the parent keeps no listener once disposed. */
function withDeadline(parent: AbortSignal, ms: number) {
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort(parent.reason);
  if (parent.aborted) onAbort();
  else parent.addEventListener('abort', onAbort, { once: true });
  const timer = runTimer(() => {
    timedOut = true;
    controller.abort(new DOMException(`judge call timed out after ${formatLimitNumber(ms)} ms`, 'TimeoutError'));
  }, ms);
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose: () => {
      clearRunTimer(timer);
      parent.removeEventListener('abort', onAbort);
    },
  };
}
