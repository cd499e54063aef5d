/**
 * One run of the AI SDK agent loop (`generateText`) for a turn. It reports the steps that completed (model
 * answered, its tool calls executed) separately from a failure, so a retry can resume after them instead
 * of repeating them.
 *
 * Requests are not streamed: a test runner needs whole answers, and a streamed response costs the client
 * several times the CPU of a JSON one (each chunk crosses a chain of web streams), which on a busy run is
 * what limits how many conversations one process keeps in flight (`npm run bench:efficiency`).
 */
import { generateText, type LanguageModel, type ModelMessage, type ToolSet as SdkToolSet, stepCountIs } from 'ai';
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
  // Steps are recorded as they finish (answer received, its tool calls executed), so a failure later in
  // the loop keeps them.
  const steps: Step[] = [];
  let failure: { error: unknown } | null = null;
  try {
    await generateText({
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
        steps.push(step);
      },
    });
  } catch (error) {
    failure = { error: input.signal.aborted ? (input.signal.reason ?? error) : error };
  }
  // A step's response messages are cumulative over the call: the last completed step holds them all.
  const messages = steps.at(-1)?.response.messages ?? [];
  return failure === null ? { ok: true, steps, messages } : { ok: false, steps, messages, error: failure.error };
}
