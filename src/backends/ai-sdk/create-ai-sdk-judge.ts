/** An LLM judge on the AI SDK: one non-streaming call with structured output, retried like agent calls. */
import type { ModelConfig } from '../../core/config-types.js';
import type { Judge, JudgeRequest } from '../../core/judge.js';
import { classifyModelError } from './classify-model-error.js';
import { createLanguageModel, type Env, type ResolvedModel } from './create-language-model.js';
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
  readonly random?: () => number;
  readonly sleep?: Sleep;
}

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

export function createAiSdkJudge(model: ModelConfig, env: Env, options: AiSdkJudgeOptions = {}): Judge {
  let resolved: Promise<ResolvedModel> | null = null;
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const sleep = options.sleep ?? abortableSleep;
  const random = options.random ?? Math.random;
  return {
    async judge(request: JudgeRequest): Promise<unknown> {
      resolved ??= createLanguageModel(model, env);
      const { model: languageModel, endpoint } = await resolved;
      const { generateText, jsonSchema, Output } = await import('ai');
      for (let retries = 0; ; retries += 1) {
        try {
          const result = await generateText({
            model: languageModel,
            system: request.system,
            prompt: request.prompt,
            output: Output.object({ schema: jsonSchema<unknown>({ ...request.schema }), name: request.schema_name }),
            maxRetries: 0,
            abortSignal: request.signal,
            ...(model.temperature === null ? {} : { temperature: model.temperature }),
            ...(model.max_tokens === null ? {} : { maxOutputTokens: model.max_tokens }),
          });
          return result.output;
        } catch (error) {
          if (request.signal.aborted) throw new JudgeCallError('judge call aborted', 'TURN_ABORTED', { cause: error });
          const verdict = classifyModelError(error, { provider: model.provider, endpoint });
          if (!verdict.retryable || retries >= policy.max_retries) {
            throw new JudgeCallError(`judge ${verdict.message}`, verdict.code, { cause: error });
          }
          const hint = parseRetryAfter(verdict.retry_after_headers, Date.now());
          await sleep(retryDelayMs(retries, policy, random, hint), request.signal);
        }
      }
    },
  };
}
