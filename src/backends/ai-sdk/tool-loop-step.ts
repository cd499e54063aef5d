/**
 * One step of the agent's tool loop: the model answered once, and the tool calls of its answer ran. Its
 * content keeps the answer's parts in order, each tool call followed by what came of it (a result or an
 * error), in the shape the AI SDK's step results have, so reports read it as they did.
 */
import type { ToolOutput } from '../../core/loaded-tool.js';
import type {
  FinishReason,
  GenerateResult,
  ProviderContent,
  ProviderMetadata,
  ProviderUsage,
} from './provider-model.js';

export type StepPart =
  | Exclude<ProviderContent, { type: 'tool-call' } | { type: 'tool-result' }>
  | {
      readonly type: 'tool-call';
      readonly toolCallId: string;
      readonly toolName: string;
      /** The arguments as parsed; for an invalid call, the text as sent when it is not JSON. */
      readonly input: unknown;
      readonly invalid?: true;
      /** Why an invalid call was refused. */
      readonly error?: unknown;
      readonly providerMetadata?: ProviderMetadata;
    }
  | {
      readonly type: 'tool-result';
      readonly toolCallId: string;
      readonly toolName: string;
      readonly input: unknown;
      readonly output: ToolOutput;
      /** How long the tool took. */
      readonly duration_ms?: number;
    }
  | {
      readonly type: 'tool-error';
      readonly toolCallId: string;
      readonly toolName: string;
      readonly input: unknown;
      readonly error: unknown;
      /** How long the tool took before it failed; absent for a call refused before it ran. */
      readonly duration_ms?: number;
      /** The refusal of an invalid call (its tool-call part carries it too): no tool ran. */
      readonly refused?: true;
    };

export interface Step {
  readonly content: readonly StepPart[];
  /** The answer's text parts, joined. */
  readonly text: string;
  readonly finishReason: FinishReason;
  readonly usage: ProviderUsage;
  /** Carries the recorded latency of an answer served from a cassette or the cache. */
  readonly providerMetadata: ProviderMetadata;
  readonly warnings: GenerateResult['warnings'];
  readonly response: GenerateResult['response'];
}
