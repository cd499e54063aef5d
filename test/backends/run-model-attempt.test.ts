/**
 * The tool loop (run-model-attempt.ts) through the real OpenAI provider against the fake server: what each
 * request carries, how tool calls run, what the model is told of invalid calls, and where the loop stops.
 */

import { afterEach, describe, expect, it } from 'vitest';
import { createAgentTools, type TurnToolLog } from '../../src/backends/ai-sdk/agent-tools.js';
import { buildUserMessage } from '../../src/backends/ai-sdk/build-user-message.js';
import { toolInvocationsOf } from '../../src/backends/ai-sdk/capture-turn.js';
import { createLanguageModel } from '../../src/backends/ai-sdk/create-language-model.js';
import { asProviderModel, type ProviderMessage } from '../../src/backends/ai-sdk/provider-model.js';
import { runModelAttempt } from '../../src/backends/ai-sdk/run-model-attempt.js';
import type { LoadedTool } from '../../src/core/loaded-tool.js';
import { callTools, type FakeScript } from '../fakes/fake-script.js';
import { modelConfig } from '../fakes/fixtures/agent-config.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const NUMBERS = { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] };

/** Tools that note when each call starts and ends, answering after `ms`. */
function timedTools(events: string[], ms = 30): LoadedTool[] {
  return ['double', 'negate'].map((name) => ({
    name,
    description: `${name} a`,
    input_schema: NUMBERS,
    execute: async (args) => {
      events.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      events.push(`end ${name}`);
      const a = Number(args['a']);
      return { value: name === 'double' ? a * 2 : -a, content: null };
    },
  }));
}

async function attempt(script: FakeScript, tools: LoadedTool[], options: { max_steps?: number } = {}) {
  server = await startFakeModelServer(script);
  const config = modelConfig({ provider: 'openai', name: 'm', endpoint: `${server.url}/v1`, api_key: 'k' });
  const model = asProviderModel((await createLanguageModel(config, {})).model);
  const log: TurnToolLog = { timings: new Map(), crashes: new Set() };
  const prompt: ProviderMessage[] = [
    { role: 'system', content: 'Use the tools.' },
    buildUserMessage({ input: 'double 3 and negate 4', files: [] }),
  ];
  const outcome = await runModelAttempt({
    model,
    prompt,
    tools: createAgentTools(tools, { images: false }),
    log,
    max_steps: options.max_steps ?? 10,
    temperature: 0,
    max_output_tokens: 50,
    signal: new AbortController().signal,
  });
  return { outcome, log, requests: server.requests };
}

describe('runModelAttempt', () => {
  it('runs the calls of one answer at once and sends their results in call order with the conversation', async () => {
    const events: string[] = [];
    const script: FakeScript = (request) =>
      request.index === 0
        ? callTools({ name: 'negate', args: { a: 4 } }, { name: 'double', args: { a: 3 } })
        : { kind: 'answer', text: '6 and -4' };
    const { outcome, log, requests } = await attempt(script, timedTools(events));
    expect(outcome.ok).toBe(true);
    expect(outcome.steps.map((s) => s.text)).toEqual(['', '6 and -4']);
    expect(events.slice(0, 2).sort()).toEqual(['start double', 'start negate']);
    expect(log.timings.size).toBe(2);
    const results = outcome.steps[0]?.content.filter((part) => part.type === 'tool-result') ?? [];
    expect(results.map((part) => typeof part.duration_ms)).toEqual(['number', 'number']);
    const body = requests[0]?.body ?? {};
    expect(body['tools']).toMatchObject([
      { function: { name: 'double', parameters: NUMBERS } },
      { function: { name: 'negate' } },
    ]);
    expect(body).toMatchObject({ temperature: 0, max_tokens: 50, tool_choice: 'auto' });
    expect(requests[1]?.messages).toEqual([
      { role: 'user', text: 'double 3 and negate 4', images: [] },
      {
        role: 'assistant',
        text: '',
        tool_calls: [
          { id: 'call_0_0', name: 'negate', args: { a: 4 } },
          { id: 'call_0_1', name: 'double', args: { a: 3 } },
        ],
      },
      { role: 'tool', call_id: 'call_0_0', name: 'negate', content: '-4', is_error: false },
      { role: 'tool', call_id: 'call_0_1', name: 'double', content: '6', is_error: false },
    ]);
    // What the session adds to its history: the answer and the results, then the final answer.
    expect(outcome.messages.map((m) => m.role)).toEqual(['assistant', 'tool', 'assistant']);
    expect(outcome.steps[1]?.usage.inputTokens.total).toBeGreaterThan(0);
  });

  it('tells the model why a call is invalid (input not JSON, unknown tool, refused arguments) without running it', async () => {
    const events: string[] = [];
    const script: FakeScript = (request) =>
      request.index === 0
        ? {
            kind: 'answer',
            tool_calls: [
              { name: 'double', args: {}, raw_args: '{"a": 3' },
              { name: 'triple', args: { a: 1 } },
              { name: 'negate', args: { a: 'four' } },
            ],
          }
        : { kind: 'answer', text: 'I could not.' };
    const { outcome, requests } = await attempt(script, timedTools(events));
    expect(events).toEqual([]);
    const results = requests[1]?.messages.filter((m) => m.role === 'tool') ?? [];
    expect(results.map((m) => (m.role === 'tool' ? m.content : ''))).toEqual([
      expect.stringMatching(/^Invalid input for tool double: JSON parsing failed: Text: \{"a": 3\./),
      "Model tried to call unavailable tool 'triple'. Available tools: double, negate.",
      expect.stringMatching(/^Invalid input for tool negate: Type validation failed: .*a/s),
    ]);
    // The call whose input was not JSON goes back to the model with empty arguments, as the SDK sent it.
    const assistant = requests[1]?.messages.find((m) => m.role === 'assistant');
    expect(assistant?.role === 'assistant' ? assistant.tool_calls.map((c) => c.args) : []).toEqual([
      {},
      { a: 1 },
      { a: 'four' },
    ]);
    const parts = outcome.steps[0]?.content ?? [];
    expect(parts.filter((p) => p.type === 'tool-call').map((p) => p.type === 'tool-call' && p.invalid)).toEqual([
      true,
      true,
      true,
    ]);
    expect(parts.filter((p) => p.type === 'tool-error')).toHaveLength(3);
    // Only the call of a tool the agent lacks is marked so: it ran nothing and satisfies no expected tool.
    const invocations = toolInvocationsOf(outcome.steps);
    expect(invocations.map((call) => [call.name, call.unknown_tool ?? false])).toEqual([
      ['double', false],
      ['triple', true],
      ['negate', false],
    ]);
  });

  it('stops after max_steps model calls, with the steps it made', async () => {
    const script: FakeScript = () => callTools({ name: 'double', args: { a: 1 } });
    const { outcome, requests } = await attempt(script, timedTools([], 1), { max_steps: 2 });
    expect(outcome.ok).toBe(true);
    expect(outcome.steps).toHaveLength(2);
    expect(requests).toHaveLength(2);
    expect(outcome.ok && outcome.cut_off).toBe(true);
    const answered = await attempt(() => ({ kind: 'answer', text: 'done' }), timedTools([], 1), { max_steps: 1 });
    expect(answered.outcome.ok && answered.outcome.cut_off).toBe(false);
  });

  it('runs no tool of an answer cut off by the token limit, and ends there', async () => {
    const events: string[] = [];
    const script: FakeScript = () => ({ ...callTools({ name: 'double', args: { a: 1 } }), finish_reason: 'length' });
    const { outcome, requests } = await attempt(script, timedTools(events));
    expect(outcome.ok).toBe(true);
    expect(outcome.steps.map((s) => s.finishReason)).toEqual(['length']);
    expect(events).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it('keeps the completed steps and their messages when a later call fails', async () => {
    const script: FakeScript = (request) =>
      request.index === 0 ? callTools({ name: 'double', args: { a: 2 } }) : { kind: 'error', status: 500 };
    const { outcome } = await attempt(script, timedTools([], 1));
    expect(outcome.ok).toBe(false);
    expect(outcome.steps).toHaveLength(1);
    expect(outcome.messages.map((m) => m.role)).toEqual(['assistant', 'tool']);
    if (!outcome.ok) expect(outcome.error).toMatchObject({ statusCode: 500 });
  });
});
