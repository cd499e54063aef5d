/**
 * A tool call as the model sent it (its input is JSON text) checked against the agent's tools, as the AI
 * SDK's `generateText` checks it: a call of a tool the agent does not have, input that is not JSON, or
 * arguments the tool's schema refuses make an invalid call. An invalid call is not executed; the model gets
 * its error as the call's result (the SDK's own error, same wording), and the report names why.
 */

import { JSONParseError, TypeValidationError } from '@ai-sdk/provider';
import { MAX_VALUE_DEPTH, nestedDeeperThan } from '../../core/bound-depth.js';
import type { AgentTool, AgentTools } from './agent-tools.js';
import type { ProviderToolCall } from './provider-model.js';
import { InvalidToolInputError, NoSuchToolError } from './sdk-errors.js';

export type ParsedToolCall =
  | {
      readonly invalid: false;
      readonly toolCallId: string;
      readonly toolName: string;
      readonly input: Record<string, unknown>;
      readonly tool: AgentTool;
      readonly providerMetadata: ProviderToolCall['providerMetadata'];
    }
  | {
      readonly invalid: true;
      readonly toolCallId: string;
      readonly toolName: string;
      /** The parsed input when it is JSON, else the text as sent. */
      readonly input: unknown;
      readonly error: Error;
      readonly providerMetadata: ProviderToolCall['providerMetadata'];
    };

export function parseToolCall(call: ProviderToolCall, tools: AgentTools): ParsedToolCall {
  const { toolCallId, toolName, providerMetadata } = call;
  const tool = tools.byName.get(toolName);
  const parsed = parseJson(call.input);
  // Arguments nested past the limit are kept as the model's text: nothing walks that.
  const tooDeep = parsed.ok && nestedDeeperThan(parsed.value);
  const invalid = (error: Error): ParsedToolCall => ({
    invalid: true,
    toolCallId,
    toolName,
    input: parsed.ok && !tooDeep ? parsed.value : call.input,
    error,
    providerMetadata,
  });
  if (tool === undefined) return invalid(new NoSuchToolError({ toolName, availableTools: [...tools.byName.keys()] }));
  if (!parsed.ok) {
    const cause = new JSONParseError({ text: call.input, cause: parsed.error });
    return invalid(new InvalidToolInputError({ toolName, toolInput: call.input, cause }));
  }
  if (tooDeep) {
    const cause = new Error(`the arguments are nested deeper than ${MAX_VALUE_DEPTH} levels (the most a value may be)`);
    return invalid(new InvalidToolInputError({ toolName, toolInput: call.input, cause }));
  }
  const check = tool.validate(parsed.value);
  if (!check.ok) {
    const cause = TypeValidationError.wrap({ value: parsed.value, cause: new Error(check.message) });
    return invalid(new InvalidToolInputError({ toolName, toolInput: call.input, cause }));
  }
  return { invalid: false, toolCallId, toolName, input: check.value, tool, providerMetadata };
}

type Parsed = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown };

/** Empty input stands for no arguments, as the SDK reads it. */
function parseJson(text: string): Parsed {
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error };
  }
}

/** The text of an error as the SDK words it for the model (`getErrorMessage`). */
export function errorText(error: unknown): string {
  if (error === null || error === undefined) return 'unknown error';
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  return JSON.stringify(error);
}
