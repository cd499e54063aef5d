import { describe, expect, it } from 'vitest';
import { toolInvocationsOf, usageOf } from './capture-turn.js';
import type { Step } from './tool-loop-step.js';

/** Only the fields capture-turn reads; the rest of a step does not matter here. */
function step(content: readonly Record<string, unknown>[], usage: Record<string, unknown> = {}): Step {
  return { content, usage } as unknown as Step;
}

describe('toolInvocationsOf', () => {
  it('pairs calls with their recorded values and errors, in call order, with timings', () => {
    const steps = [
      step([
        { type: 'tool-call', toolCallId: 'a', toolName: 'lookup', input: { column: '2009' } },
        { type: 'tool-call', toolCallId: 'b', toolName: 'archive', input: {} },
        {
          type: 'tool-error',
          toolCallId: 'b',
          toolName: 'archive',
          input: {},
          error: new Error('offline'),
          duration_ms: 0.25,
        },
        {
          type: 'tool-result',
          toolCallId: 'a',
          toolName: 'lookup',
          input: {},
          output: { value: 206588, content: [{ type: 'text', text: '206588' }] },
          duration_ms: 1.5,
        },
      ]),
      step([
        {
          type: 'tool-call',
          toolCallId: 'c',
          toolName: 'subtract',
          input: '{"a":1',
          invalid: true,
          error: 'Invalid input',
        },
        {
          type: 'tool-error',
          toolCallId: 'c',
          toolName: 'subtract',
          input: '{"a":1',
          error: 'Invalid input for tool subtract',
        },
      ]),
    ];
    expect(toolInvocationsOf(steps)).toEqual([
      { name: 'lookup', args: { column: '2009' }, result: 206588, error: null, duration_ms: 1.5 },
      { name: 'archive', args: {}, result: null, error: 'offline', duration_ms: 0.25 },
      {
        name: 'subtract',
        args: {},
        result: null,
        error: 'Invalid input — the model sent "{\\"a\\":1"',
        duration_ms: null,
        args_refused: true,
      },
    ]);
  });

  it('keeps each call with its own result when the model gives two calls one id, in one step or across steps', () => {
    const result = (id: string, value: unknown) => ({
      type: 'tool-result',
      toolCallId: id,
      toolName: 'echo',
      input: {},
      output: { value, content: null },
    });
    const steps = [
      step([
        { type: 'tool-call', toolCallId: 'call_0', toolName: 'echo', input: { x: 1 } },
        { type: 'tool-call', toolCallId: 'call_0', toolName: 'boom', input: {}, invalid: true, error: 'no such tool' },
        { type: 'tool-call', toolCallId: 'call_0', toolName: 'echo', input: { x: 2 } },
        { type: 'tool-error', toolCallId: 'call_0', toolName: 'boom', input: {}, error: 'no such tool', refused: true },
        result('call_0', 'one'),
        result('call_0', 'two'),
      ]),
      step([{ type: 'tool-call', toolCallId: 'call_0', toolName: 'echo', input: { x: 3 } }, result('call_0', 'three')]),
    ];
    expect(toolInvocationsOf(steps).map((call) => [call.name, call.args, call.result, call.error])).toEqual([
      ['echo', { x: 1 }, 'one', null],
      ['boom', {}, null, 'no such tool'],
      ['echo', { x: 2 }, 'two', null],
      ['echo', { x: 3 }, 'three', null],
    ]);
  });

  it('marks the calls of an answer that ended before they ran as not run, saying why', () => {
    const steps = [
      {
        ...step([{ type: 'tool-call', toolCallId: 'a', toolName: 'subtract', input: { a: 1 } }]),
        finishReason: 'length',
      } as Step,
    ];
    expect(toolInvocationsOf(steps)).toEqual([
      {
        name: 'subtract',
        args: { a: 1 },
        result: null,
        error: "not run: the model's answer was cut off at the token limit before its tool calls could run",
        duration_ms: null,
        not_run: true,
      },
    ]);
  });

  it('pairs the results of a step with many calls in time linear in them, calls sharing an id in call order', () => {
    const count = 40_000;
    const content: Record<string, unknown>[] = [];
    for (let i = 0; i < count; i += 1) {
      content.push({ type: 'tool-call', toolCallId: i % 2 === 0 ? `c${i}` : 'same', toolName: 'echo', input: { i } });
    }
    for (let i = 0; i < count; i += 1) {
      const id = i % 2 === 0 ? `c${i}` : 'same';
      content.push({
        type: 'tool-result',
        toolCallId: id,
        toolName: 'echo',
        input: {},
        output: { value: i, content: null },
      });
    }
    const started = performance.now();
    const invocations = toolInvocationsOf([step(content)]);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(invocations.every((call, i) => call.result === i && call.args['i'] === i)).toBe(true);
  });

  it('names why the arguments of an invalid call were refused', () => {
    const check = new Error('a: expected number, received string');
    const wrapped = new Error('Invalid input for tool subtract: Type validation failed', {
      cause: new Error('Type validation failed', { cause: check }),
    });
    const steps = [
      step([
        { type: 'tool-call', toolCallId: 'c', toolName: 'subtract', input: { a: 'x' }, invalid: true, error: wrapped },
        { type: 'tool-error', toolCallId: 'c', toolName: 'subtract', input: { a: 'x' }, error: wrapped },
      ]),
    ];
    expect(toolInvocationsOf(steps)[0]).toMatchObject({
      args: { a: 'x' },
      error: 'invalid arguments for tool subtract: a: expected number, received string',
      args_refused: true,
    });
  });

  it('records no arguments for arguments that are no JSON object (an object encoded twice), quoting what was sent', () => {
    const steps = [
      step([{ type: 'tool-call', toolCallId: 'a', toolName: 'f', input: '{"x":2}', invalid: true, error: 'no' }]),
    ];
    expect(toolInvocationsOf(steps)[0]).toMatchObject({
      args: {},
      error: 'no — the model sent "{\\"x\\":2}"',
      args_refused: true,
    });
  });
});

describe('usageOf', () => {
  it('sums every step, cache details included, and tolerates missing counts', () => {
    const steps = [
      step([], {
        inputTokens: { total: 100, noCache: 55, cacheRead: 40, cacheWrite: 5 },
        outputTokens: { total: 10, text: 10, reasoning: undefined },
      }),
      step([], { inputTokens: { total: 120 }, outputTokens: { total: 7 } }),
      step([], { inputTokens: {}, outputTokens: {} }),
    ];
    expect(usageOf(steps)).toEqual({
      prompt_tokens: 220,
      completion_tokens: 17,
      total_tokens: 237,
      cache_read_tokens: 40,
      cache_creation_tokens: 5,
    });
  });
});
