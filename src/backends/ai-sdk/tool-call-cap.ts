/**
 * How many tool calls one model answer may ask for. holodeck's tool loop runs every call of an answer at once;
 * an answer asking for more than this (a model gone astray, or a server sending 100,000 calls) errors its turn
 * before any of them runs, rather than keep the run busy with them for minutes.
 */
import { AgentTurnError } from '../../core/errors.js';
import type { GenerateResult } from './provider-model.js';

export const MAX_TOOL_CALLS_PER_STEP = 256;

export class TooManyToolCallsError extends AgentTurnError {
  constructor(
    readonly count: number,
    readonly cap: number,
  ) {
    super(
      `the model asked for ${count} tool calls in one answer, more than the ${cap} holodeck runs from one model call: none of them was run`,
      'TOO_MANY_TOOL_CALLS',
    );
    this.name = 'TooManyToolCallsError';
  }
}

/** Throws TooManyToolCallsError when the answer asks for more tool calls than `cap`. */
export function checkToolCallCount(result: GenerateResult, cap: number = MAX_TOOL_CALLS_PER_STEP): void {
  let count = 0;
  for (const part of result.content) if (part.type === 'tool-call') count += 1;
  if (count > cap) throw new TooManyToolCallsError(count, cap);
}
