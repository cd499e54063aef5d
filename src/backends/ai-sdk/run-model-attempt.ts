/**
 * One run of the agent's tool loop for a turn, over the provider model's own `doGenerate` (the real AI SDK
 * provider, wrapped by our rate-limit and recording middlewares): send the prompt, check and run the tool
 * calls of the answer, send their results, until the model answers without calling a tool or the step budget
 * is spent. It reports the steps that completed (model answered, its tool calls executed) separately from a
 * failure, so a retry can resume after them instead of repeating them.
 *
 * holodeck owns this loop rather than `generateText` because it already owns the history, retries, timeouts
 * and tools: the prompt is built from messages converted once (build-user-message.ts, step-messages.ts), the
 * tool definitions once per agent (agent-tools.ts), and nothing is validated again per call. The loop does
 * what `generateText` did: calls that are invalid (unknown tool, input not JSON, arguments the schema refuses)
 * are not run and the model gets their error (parse-tool-call.ts); a tool that throws gives the model its
 * error; tools run only when the answer finished normally (stop or tool-calls); every call of a step runs at
 * once, and an answer asking for more calls than MAX_TOOL_CALLS_PER_STEP errors the turn (tool-call-cap.ts).
 *
 * Requests are not streamed: a test runner needs whole answers, and a streamed response costs the client
 * several times the CPU of a JSON one (each chunk crosses a chain of web streams), which on a busy run is
 * what limits how many conversations one process keeps in flight (`npm run bench:efficiency`).
 */
import type { ToolOutput } from '../../core/loaded-tool.js';
import { type AgentTools, executeTool, type TurnToolLog } from './agent-tools.js';
import { type ParsedToolCall, parseToolCall } from './parse-tool-call.js';
import type { GenerateResult, ProviderMessage, ProviderModel } from './provider-model.js';
import { servedFromStore } from './recording/stored-response.js';
import { stepMessages } from './step-messages.js';
import { checkToolCallCount } from './tool-call-cap.js';
import type { Step, StepPart } from './tool-loop-step.js';

export interface AttemptInput {
  readonly model: ProviderModel;
  /** The prompt so far: system message, history, the turn's user message and the steps it has completed. */
  readonly prompt: readonly ProviderMessage[];
  readonly tools: AgentTools;
  readonly log: TurnToolLog;
  readonly max_steps: number;
  readonly temperature: number | undefined;
  readonly max_output_tokens: number | undefined;
  readonly signal: AbortSignal;
  /**
   * Told of each model response's usage as it arrives (before its tool calls run); `stored`: the answer came
   * from a cassette or the cache.
   */
  readonly on_usage?: (usage: GenerateResult['usage'], stored: boolean) => void;
}

export type AttemptOutcome =
  | {
      readonly ok: true;
      readonly steps: readonly Step[];
      readonly messages: readonly ProviderMessage[];
      /** The loop stopped at `max_steps` with the model still calling tools. */
      readonly cut_off: boolean;
    }
  | {
      readonly ok: false;
      readonly steps: readonly Step[];
      readonly messages: readonly ProviderMessage[];
      readonly error: unknown;
    };

export async function runModelAttempt(input: AttemptInput): Promise<AttemptOutcome> {
  // Steps are recorded as they finish (answer received, its tool calls executed), so a failure later in
  // the loop keeps them, and the messages they add to the conversation with them.
  const steps: Step[] = [];
  const messages: ProviderMessage[] = [];
  const { model, tools, signal } = input;
  const definitions = tools.definitions;
  let cutOff = false;
  try {
    for (;;) {
      if (steps.length > 0) signal.throwIfAborted();
      const result = await model.doGenerate({
        prompt: messages.length === 0 ? [...input.prompt] : [...input.prompt, ...messages],
        ...(definitions === undefined ? {} : { tools: [...definitions], toolChoice: { type: 'auto' } }),
        ...(input.temperature === undefined ? {} : { temperature: input.temperature }),
        ...(input.max_output_tokens === undefined ? {} : { maxOutputTokens: input.max_output_tokens }),
        abortSignal: signal,
      });
      input.on_usage?.(result.usage, servedFromStore(result.providerMetadata));
      // An answer asking for more calls than one step may run ends the attempt before any of them runs.
      checkToolCallCount(result);
      const step = await completeStep(result, input);
      steps.push(step.step);
      messages.push(...stepMessages(step.step.content, tools.options));
      if (!step.carry_on) break;
      if (steps.length >= input.max_steps) {
        cutOff = true;
        break;
      }
    }
  } catch (error) {
    return { ok: false, steps, messages, error: signal.aborted ? (signal.reason ?? error) : error };
  }
  return { ok: true, steps, messages, cut_off: cutOff };
}

/** The answer's tool calls checked and run; whether the loop goes on (every call got a result or an error). */
async function completeStep(
  result: GenerateResult,
  input: AttemptInput,
): Promise<{ readonly step: Step; readonly carry_on: boolean }> {
  const content: StepPart[] = [];
  const calls: ParsedToolCall[] = [];
  let text = '';
  for (const part of result.content) {
    if (part.type === 'tool-call') {
      const call = parseToolCall(part, input.tools);
      calls.push(call);
      content.push(toolCallPart(call));
    } else if (part.type !== 'tool-result' && part.type !== 'tool-approval-request') {
      // Results of provider-executed tools never come: holodeck offers no provider tools.
      if (part.type === 'text') text += part.text;
      content.push(part);
    }
  }
  let settled = 0;
  for (const call of calls) {
    if (!call.invalid) continue;
    content.push({
      type: 'tool-error',
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      input: call.input,
      error: errorMessage(call.error),
      refused: true,
    });
    settled += 1;
  }
  const finish = result.finishReason.unified;
  if (finish === 'stop' || finish === 'tool-calls') {
    const runs = calls.map((call) => (call.invalid ? null : run(call, input)));
    for (const outcome of await Promise.all(runs)) {
      if (outcome === null) continue;
      content.push(outcome);
      settled += 1;
    }
  }
  const step: Step = {
    content,
    text,
    finishReason: finish,
    usage: result.usage,
    providerMetadata: result.providerMetadata,
    warnings: result.warnings,
    response: result.response,
  };
  return { step, carry_on: calls.length > 0 && settled === calls.length };
}

function toolCallPart(call: ParsedToolCall): StepPart {
  const base = { type: 'tool-call' as const, toolCallId: call.toolCallId, toolName: call.toolName, input: call.input };
  const withMetadata =
    call.providerMetadata === undefined ? base : { ...base, providerMetadata: call.providerMetadata };
  return call.invalid ? { ...withMetadata, invalid: true, error: call.error } : withMetadata;
}

async function run(call: Extract<ParsedToolCall, { invalid: false }>, input: AttemptInput): Promise<StepPart> {
  const { toolCallId, toolName } = call;
  try {
    const output: ToolOutput = await executeTool(call.tool, call, input.log, input.signal);
    return { type: 'tool-result', toolCallId, toolName, input: call.input, output, ...timed(call, input.log) };
  } catch (error) {
    return { type: 'tool-error', toolCallId, toolName, input: call.input, error, ...timed(call, input.log) };
  }
}

function timed(call: object, log: TurnToolLog): { duration_ms?: number } {
  const duration = log.timings.get(call);
  return duration === undefined ? {} : { duration_ms: duration };
}

/** An invalid call's error as the model and the tool-error part get it (the SDK keeps its message only). */
function errorMessage(error: Error): string {
  return error.message;
}
