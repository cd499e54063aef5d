import type { SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import { describe, expect, it } from 'vitest';
import { TurnCapture, type TurnOutcome, usageOf } from './turn-capture.js';

/** Messages shaped as Claude Code streams them (only the fields the capture reads). */
const wire = (value: Record<string, unknown>) => value as unknown as SDKMessage;
const assistant = (uuid: string, id: string, content: unknown[], extra: Record<string, unknown> = {}) =>
  wire({ type: 'assistant', uuid, session_id: 'sess-1', parent_tool_use_id: null, message: { id, content }, ...extra });
const user = (uuid: string, content: unknown[], parent: string | null = null) =>
  wire({ type: 'user', uuid, session_id: 'sess-1', parent_tool_use_id: parent, message: { role: 'user', content } });
const toolUse = (id: string, name: string, input: unknown) => ({ type: 'tool_use', id, name, input });
const toolResult = (id: string, text: string, isError = false) => ({
  type: 'tool_result',
  tool_use_id: id,
  content: [{ type: 'text', text }],
  ...(isError ? { is_error: true } : {}),
});
const USAGE = { input_tokens: 30, output_tokens: 7, cache_read_input_tokens: 50, cache_creation_input_tokens: 20 };
const result = (fields: Record<string, unknown>) =>
  wire({
    type: 'result',
    subtype: 'success',
    is_error: false,
    result: '',
    usage: USAGE,
    session_id: 'sess-1',
    ...fields,
  });
const retry = wire({ type: 'system', subtype: 'api_retry', attempt: 1, session_id: 'sess-1' });

function feed(capture: TurnCapture, messages: readonly SDKMessage[]): TurnOutcome | null {
  let outcome: TurnOutcome | null = null;
  for (const message of messages) outcome = capture.add(message) ?? outcome;
  return outcome;
}

/** The tools of these turns, as the model names them: two of ours and one enabled built-in. */
const OFFERED = new Set(['mcp__holodeck__subtract', 'mcp__holodeck__lookup', 'mcp__holodeck__ping', 'Read']);

describe('TurnCapture', () => {
  it('joins an answer Claude Code asked the model to go on with, after it stopped at its output token limit', () => {
    const goOn = wire({
      ...user('u1', [{ type: 'text', text: 'Output token limit hit. Resume directly.' }]),
      isSynthetic: true,
    });
    const answered = (messages: readonly SDKMessage[]) => {
      const outcome = feed(new TurnCapture(10, OFFERED), messages);
      return outcome?.ok === true ? outcome.response.response : null;
    };
    const cut = (id: string, text: string) => assistant(id, `msg_${id}`, [{ type: 'text', text }]);
    expect(
      answered([
        cut('a1', 'The difference '),
        goOn,
        cut('a2', 'is 25,'),
        goOn,
        cut('a3', '587.'),
        result({ result: '587.' }),
      ]),
    ).toBe('The difference is 25,587.');
    // A response with tool calls is answered by their results, not gone on from; nor is a response the user's
    // own message follows.
    expect(
      answered([
        assistant('a1', 'msg_1', [{ type: 'text', text: 'Looking. ' }, toolUse('t1', 'mcp__holodeck__ping', {})]),
        user('u1', [toolResult('t1', 'pong')]),
        goOn,
        cut('a2', 'Done.'),
        result({ result: 'Done.' }),
      ]),
    ).toBe('Done.');
    expect(
      answered([
        cut('a1', 'Part one. '),
        user('u2', [{ type: 'text', text: 'and?' }]),
        cut('a2', 'Two.'),
        result({ result: 'Two.' }),
      ]),
    ).toBe('Two.');
  });

  it("marks an answer after a refusal content_filter: the answer anew is the turn's, a second refusal ends it", () => {
    // Claude Code's message after a refusal names the refused response; it is no request to go on from it.
    const anew = wire({
      ...user('u1', [{ type: 'text', text: 'Your response above was stopped by a safety classifier …' }]),
      isSynthetic: true,
      refused_message_id: 'msg_1',
    });
    const refused = assistant('a1', 'msg_1', [{ type: 'text', text: 'The recipe' }]);
    const answer = (messages: readonly SDKMessage[]) => {
      const outcome = feed(new TurnCapture(10, OFFERED), messages);
      return outcome?.ok === true ? [outcome.response.response, outcome.response.answer_cut_off] : outcome;
    };
    expect(
      answer([
        refused,
        anew,
        assistant('a2', 'msg_2', [{ type: 'text', text: 'I cannot.' }]),
        result({ result: 'I cannot.' }),
      ]),
    ).toEqual(['I cannot.', 'content_filter']);
    // Refused again: Claude Code writes an error in the model's place and ends the turn with it.
    const text = "API Error: Sonnet 4.5 can't help with this.";
    const stopped = assistant('a3', 'c841', [], {
      message: { id: 'c841', model: '<synthetic>', content: [{ type: 'text', text }] },
    });
    expect(
      answer([
        refused,
        anew,
        assistant('a2', 'msg_2', [{ type: 'text', text: 'The recipe again' }]),
        stopped,
        result({ is_error: true, stop_reason: 'refusal', result: text }),
      ]),
    ).toEqual(['The recipe again', 'content_filter']);
  });

  it('collects the answer, the tool invocations under their configured names, usage and retries', () => {
    const capture = new TurnCapture(10, OFFERED);
    capture.record('t1', { name: 'subtract', args: { a: 5, b: 3 }, result: 2, error: null, duration_ms: 1.5 });
    const outcome = feed(capture, [
      wire({ type: 'system', subtype: 'init', session_id: 'sess-1' }),
      retry,
      assistant('a1', 'msg_1', [toolUse('t1', 'mcp__holodeck__subtract', { a: 5, b: 3 })]),
      user('u1', [toolResult('t1', '2')]),
      // A subagent's messages are not the turn's own.
      assistant('x1', 'msg_x', [toolUse('t9', 'mcp__holodeck__divide', {})], { parent_tool_use_id: 't0' }),
      assistant('a2', 'msg_2', [{ type: 'text', text: 'The difference is 2.' }]),
      result({ result: 'The difference is 2.' }),
    ]);
    expect(outcome).toEqual({
      ok: true,
      anchor: 'a2',
      response: {
        response: 'The difference is 2.',
        tool_invocations: [{ name: 'subtract', args: { a: 5, b: 3 }, result: 2, error: null, duration_ms: 1.5 }],
        token_usage: {
          prompt_tokens: 100,
          completion_tokens: 7,
          total_tokens: 107,
          cache_read_tokens: 50,
          cache_creation_tokens: 20,
        },
        retries: 1,
      },
    });
    expect(capture.sessionId).toBe('sess-1');
  });

  it('records calls that never reached our tools, and marks a tool the agent was not offered as unknown', () => {
    const capture = new TurnCapture(10, OFFERED);
    capture.record(null, { name: 'lookup', args: { column: '2009' }, result: 206588, error: null, duration_ms: 2 });
    const outcome = feed(capture, [
      assistant('a1', 'msg_1', [
        toolUse('t1', 'mcp__holodeck__lookup', { column: '2009' }),
        toolUse('t2', 'shred', { all: true }),
        toolUse('t3', 'Read', { file_path: '/etc/hosts' }),
      ]),
      user('u1', [
        toolResult('t1', '206588'),
        toolResult('t2', '<tool_use_error>Error: No such tool available: shred</tool_use_error>', true),
        toolResult('t3', '127.0.0.1 localhost'),
      ]),
      assistant('a2', 'msg_2', [{ type: 'text', text: 'done' }]),
      result({ result: 'done' }),
    ]);
    expect(outcome?.ok && outcome.response.tool_invocations).toEqual([
      { name: 'lookup', args: { column: '2009' }, result: 206588, error: null, duration_ms: 2 },
      {
        name: 'shred',
        args: { all: true },
        result: null,
        error: 'Error: No such tool available: shred',
        duration_ms: null,
        unknown_tool: true,
      },
      {
        name: 'Read',
        args: { file_path: '/etc/hosts' },
        result: '127.0.0.1 localhost',
        error: null,
        duration_ms: null,
      },
    ]);
  });

  it('marks a call of a built-in that is not enabled, or of one of ours that is not configured, as unknown', () => {
    const capture = new TurnCapture(10, OFFERED);
    const outcome = feed(capture, [
      assistant('a1', 'msg_1', [
        toolUse('t1', 'Write', { file_path: 'x' }),
        toolUse('t2', 'mcp__holodeck__lookup_table', {}),
      ]),
      user('u1', [toolResult('t1', 'Write is disabled for this session', true)]),
      assistant('a2', 'msg_2', [{ type: 'text', text: 'done' }]),
      result({ result: 'done' }),
    ]);
    expect(outcome?.ok && outcome.response.tool_invocations).toEqual([
      {
        name: 'Write',
        args: { file_path: 'x' },
        result: null,
        error: 'Write is disabled for this session',
        duration_ms: null,
        unknown_tool: true,
      },
      {
        name: 'lookup_table',
        args: {},
        result: null,
        error: 'no tool named mcp__holodeck__lookup_table was offered to the agent',
        duration_ms: null,
        unknown_tool: true,
      },
    ]);
  });

  it("counts each model response's usage once, for a turn stopped before its result", () => {
    const capture = new TurnCapture(10, OFFERED);
    const usage = { input_tokens: 12, output_tokens: 5 };
    const withUsage = (uuid: string, id: string, content: unknown[]) =>
      wire({ type: 'assistant', uuid, session_id: 's', parent_tool_use_id: null, message: { id, content, usage } });
    expect(capture.usedSoFar()).toEqual(usageOf({}));
    feed(capture, [
      // One response's two blocks carry its usage twice: counted once.
      withUsage('a1', 'msg_1', [{ type: 'text', text: 'calling ' }]),
      withUsage('a2', 'msg_1', [toolUse('t1', 'mcp__holodeck__ping', {})]),
      user('u1', [toolResult('t1', 'pong')]),
      withUsage('a3', 'msg_2', [{ type: 'text', text: 'still' }]),
    ]);
    expect(capture.usedSoFar()).toEqual({
      prompt_tokens: 24,
      completion_tokens: 10,
      total_tokens: 34,
      cache_read_tokens: 0,
      cache_creation_tokens: 0,
    });
  });

  it('ends a turn that used up its model calls with the last call’s text, resuming after its tool results', () => {
    const capture = new TurnCapture(10, OFFERED);
    const outcome = feed(capture, [
      assistant('a1', 'msg_1', [{ type: 'text', text: 'calling ' }]),
      assistant('a2', 'msg_1', [{ type: 'text', text: 'again' }, toolUse('t1', 'mcp__holodeck__ping', {})]),
      user('u1', [toolResult('t1', 'pong')]),
      result({ subtype: 'error_max_turns', is_error: true, errors: ['Reached maximum number of turns (1)'] }),
    ]);
    expect(outcome).toMatchObject({ ok: true, anchor: 'u1', response: { response: 'calling again', step_limit: 10 } });
  });

  it('counts the final usage of each streamed model response, and the partial one of a response cut short', () => {
    const capture = new TurnCapture(10, OFFERED);
    const event = (value: Record<string, unknown>) =>
      wire({ type: 'stream_event', uuid: 'e', session_id: 's', parent_tool_use_id: null, event: value });
    const start = (id: string) =>
      event({ type: 'message_start', message: { id, usage: { input_tokens: 1000, output_tokens: 1 } } });
    feed(capture, [
      start('m1'),
      assistant('a1', 'm1', [toolUse('t1', 'mcp__holodeck__subtract', {})], {
        message: { id: 'm1', content: [], usage: { input_tokens: 1000, output_tokens: 1 } },
      }),
      event({ type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 50 } }),
      // The second response stalls after its start.
      start('m2'),
    ]);
    expect(capture.usedSoFar()).toMatchObject({ prompt_tokens: 2000, completion_tokens: 51 });
  });

  it('turns an error result into a failure with Claude Code’s words, category, status, retries and usage', () => {
    const capture = new TurnCapture(10, OFFERED);
    const outcome = feed(capture, [
      retry,
      retry,
      assistant('a1', 'synthetic', [{ type: 'text', text: 'API Error: 500 boom' }], { error: 'server_error' }),
      result({ is_error: true, result: 'API Error: 500 boom', api_error_status: 500 }),
    ]);
    expect(outcome).toEqual({
      ok: false,
      failure: { text: 'API Error: 500 boom', kind: 'server_error', status: 500, retries: 2, usage: usageOf(USAGE) },
    });
    expect(usageOf(USAGE).total_tokens).toBeGreaterThan(0);
    const during = new TurnCapture(10, OFFERED).add(
      result({ subtype: 'error_during_execution', is_error: true, errors: ['first', 'second'] }),
    );
    expect(during).toEqual({
      ok: false,
      failure: { text: 'first; second', kind: null, status: null, retries: 0, usage: usageOf(USAGE) },
    });
  });
});

describe('usageOf', () => {
  it('counts all input as prompt tokens and treats missing counts as zero', () => {
    expect(usageOf({ input_tokens: 12, output_tokens: 3 })).toEqual({
      prompt_tokens: 12,
      completion_tokens: 3,
      total_tokens: 15,
      cache_read_tokens: 0,
      cache_creation_tokens: 0,
    });
    expect(usageOf(undefined).total_tokens).toBe(0);
  });
});
