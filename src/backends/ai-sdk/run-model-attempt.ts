/**
 * One run of the AI SDK agent loop (`streamText`, drained) for a turn. It reports the steps that
 * completed (model answered, its tool calls executed) separately from a failure, so a retry can resume
 * after them instead of repeating them.
 */
import { type LanguageModel, type ModelMessage, type ToolSet as SdkToolSet, stepCountIs, streamText } from 'ai';
import type { Step } from './capture-turn.js';

export interface AttemptInput {
  readonly model: LanguageModel;
  readonly system: string | undefined;
  readonly messages: readonly ModelMessage[];
  readonly tools: SdkToolSet;
  readonly max_steps: number;
  readonly temperature: number | undefined;
  readonly max_output_tokens: number | undefined;
  readonly signal: AbortSignal;
}

export type AttemptOutcome =
  | { readonly ok: true; readonly steps: readonly Step[]; readonly messages: readonly ModelMessage[] }
  | {
      readonly ok: false;
      readonly steps: readonly Step[];
      readonly messages: readonly ModelMessage[];
      readonly error: unknown;
    };

export async function runModelAttempt(input: AttemptInput): Promise<AttemptOutcome> {
  const recorded: Step[] = [];
  const result = streamText({
    model: input.model,
    ...(input.system === undefined ? {} : { system: input.system }),
    messages: [...input.messages],
    tools: input.tools,
    stopWhen: stepCountIs(input.max_steps),
    maxRetries: 0,
    abortSignal: input.signal,
    ...(input.temperature === undefined ? {} : { temperature: input.temperature }),
    ...(input.max_output_tokens === undefined ? {} : { maxOutputTokens: input.max_output_tokens }),
    onStepFinish: (step) => {
      recorded.push(step);
    },
    // Errors are read from the stream below; this only silences the SDK's default console logging.
    onError: () => undefined,
  });
  let failure: { error: unknown } | null = null;
  let completed = 0;
  try {
    for await (const part of result.fullStream) {
      if (part.type === 'error') failure ??= { error: part.error };
      else if (part.type === 'abort') failure ??= { error: input.signal.reason ?? new Error('aborted') };
      else if (part.type === 'finish-step') {
        if (part.finishReason === 'error') failure ??= { error: new Error('the model stream reported an error') };
        else if (failure === null) completed += 1;
      }
    }
  } catch (error) {
    // A response body that breaks off mid-way surfaces as a throw from the stream.
    failure ??= { error };
  }
  const steps = recorded.slice(0, completed);
  // A step's response messages are cumulative over the call: the last completed step holds them all.
  const messages = steps.at(-1)?.response.messages ?? [];
  return failure === null ? { ok: true, steps, messages } : { ok: false, steps, messages, error: failure.error };
}
