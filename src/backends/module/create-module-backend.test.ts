import { describe, expect, it } from 'vitest';
import {
  backendFor,
  backendWithTools,
  loaded,
  open,
  turnRequest,
} from '../../../test/support/backends/module-backend-harness.js';
import { ToolServerCrashedError } from '../../core/errors.js';
import type { LoadedTool, ToolOutput } from '../../core/loaded-tool.js';
import type { ModuleAgentContext, ModuleTurn } from '../../core/module-agent.js';

describe('module backend', () => {
  it('calls the factory once per session with the case name, agent name, instructions and tools', async () => {
    const contexts: ModuleAgentContext[] = [];
    const backend = await backendFor((context) => {
      contexts.push(context);
      return { send: (turn) => `${context.test_case_name}#${turn.turn_index}: ${turn.input}` };
    });
    const a = await open(backend, 'case-a');
    const b = await open(backend, 'case-b');
    expect((await a.send(turnRequest(0, 'hi'))).response).toBe('case-a#0: hi');
    expect((await b.send(turnRequest(1, 'yo'))).response).toBe('case-b#1: yo');
    expect(contexts.map((c) => c.test_case_name)).toEqual(['case-a', 'case-b']);
    expect(contexts[0]?.agent_name).toBe('financial-assistant');
    expect(contexts[0]?.instructions).toContain('financial analyst');
    expect(Object.keys(contexts[0]?.tools ?? {})).toEqual(['lookup', 'subtract', 'divide', 'archive']);
  });

  it('errors the turn in which a tool server died, even when the agent carried on without it', async () => {
    const dead = loaded('ledger', () => {
      throw new ToolServerCrashedError('ledger', 'MCP server "ledger" exited with code 3');
    });
    const backend = await backendWithTools([dead], ({ tools }) => ({
      async send() {
        await tools['ledger']?.({}).catch(() => undefined);
        return 'answered anyway';
      },
    }));
    const response = await (await open(backend)).send(turnRequest(0, 'q'));
    expect(response.response).toBe('answered anyway');
    expect(response.errors).toEqual(['MCP server "ledger" exited with code 3']);
    expect(response.tool_invocations[0]?.error).toBe('MCP server "ledger" exited with code 3');
  });

  it('records every call through the tools as an invocation of the current turn', async () => {
    const backend = await backendFor(({ tools }) => ({
      async send(turn: ModuleTurn) {
        if (turn.turn_index === 0) return String(await tools['lookup']?.({ row: 'net cash', column: '2009' }));
        const diff = await tools['subtract']?.({ a: 206588, b: 181001 });
        try {
          await tools['archive']?.({});
        } catch {
          // the agent carries on without the archive
        }
        return { response: String(diff), token_usage: { prompt_tokens: 12, completion_tokens: 3 } };
      },
    }));
    const session = await open(backend);
    const first = await session.send(turnRequest(0, 'net cash 2009?'));
    const second = await session.send(turnRequest(1, 'difference?'));
    expect(first.response).toBe('206588');
    expect(first.tool_invocations).toEqual([
      {
        name: 'lookup',
        args: { row: 'net cash', column: '2009' },
        result: 206588,
        error: null,
        duration_ms: expect.any(Number),
      },
    ]);
    expect(second.response).toBe('25587');
    expect(second.tool_invocations.map((c) => [c.name, c.result, c.error])).toEqual([
      ['subtract', 25587, null],
      ['archive', null, 'archive is offline'],
    ]);
    expect(second.token_usage).toEqual({
      prompt_tokens: 12,
      completion_tokens: 3,
      total_tokens: 15,
      cache_read_tokens: 0,
      cache_creation_tokens: 0,
    });
    expect(first.token_usage.total_tokens).toBe(0);
    expect(first.retries).toBe(0);
  });

  it('keeps the calls of sessions running at once apart, even through tools handed between them', async () => {
    const handed: Record<string, ModuleAgentContext['tools']> = {};
    const backend = await backendFor((context) => {
      handed[context.test_case_name] = context.tools;
      return {
        async send(turn: ModuleTurn) {
          // a's turn calls b's tool while b's second turn is still running.
          const delay = context.test_case_name === 'a' ? 20 : turn.turn_index === 1 ? 60 : 0;
          await new Promise((resolve) => setTimeout(resolve, delay));
          await context.tools['lookup']?.({ row: context.test_case_name, column: '2009' });
          // A tool of the other session, called from within this one's turn, is this turn's call: the agent of
          // this case made it (an agent that keeps the first case's tools in a module-level variable).
          if (context.test_case_name === 'a') await handed['b']?.['subtract']?.({ a: 2, b: 1 });
          return context.test_case_name;
        },
      };
    });
    const a = await open(backend, 'a');
    const b = await open(backend, 'b');
    const b0 = await b.send(turnRequest(0, 'first'));
    const [a0, b1] = await Promise.all([a.send(turnRequest(0, 'q')), b.send(turnRequest(1, 'q'))]);
    expect(a0.tool_invocations.map((c) => [c.name, c.args['row']])).toEqual([
      ['lookup', 'a'],
      ['subtract', undefined],
    ]);
    expect(b0.tool_invocations.map((c) => [c.name, c.args['row']])).toEqual([['lookup', 'b']]);
    expect(b1.tool_invocations.map((c) => c.name)).toEqual(['lookup']);
  });

  it('refuses a call from outside any turn once its session closed, and bounds a factory and close() that never settle', async () => {
    let leftOver: ModuleAgentContext['tools'] | null = null;
    const backend = await backendFor((context) => {
      leftOver = context.tools;
      return { send: async () => 'ok' };
    });
    const session = await open(backend, 'done');
    await session.send(turnRequest(0, 'q'));
    await session.close();
    await expect(leftOver!['lookup']!({ row: 'x', column: '2009' })).rejects.toThrow(
      'tool lookup called after its test case ended (from a timer or callback left running): the call is refused',
    );
    const stuck = await backendFor(() => new Promise<never>(() => {}), { llm_timeout: 0.05 });
    await expect(open(stuck, 'stuck')).rejects.toThrow(
      'failed to start: its factory did not settle within 0.05s (execution.llm_timeout)',
    );
    const closing = await backendFor(() => ({ send: async () => 'ok', close: () => new Promise<never>(() => {}) }), {
      llm_timeout: 0.05,
    });
    await expect((await open(closing, 'c')).close()).rejects.toThrow('close() did not settle within 0.05s');
  });

  it('appends the invocations the agent reports itself, filling missing fields', async () => {
    const backend = await backendFor(({ tools }) => ({
      async send() {
        await tools['divide']?.({ a: 1, b: 4 });
        return {
          response: 'done',
          tool_invocations: [{ name: 'web_search', args: { q: 'JKHY' }, result: 'x', error: null, duration_ms: 3 }],
        };
      },
    }));
    const turn = await (await open(backend)).send(turnRequest(0, 'go'));
    expect(turn.tool_invocations.map((c) => c.name)).toEqual(['divide', 'web_search']);
    expect(turn.tool_invocations[1]).toEqual({
      name: 'web_search',
      args: { q: 'JKHY' },
      result: 'x',
      error: null,
      duration_ms: 3,
    });
  });

  it("checks the arguments of a call through the tools against the tool's schema, as a model's call is", async () => {
    const ran: unknown[] = [];
    const add: LoadedTool = {
      name: 'add',
      description: 'Adds.',
      input_schema: { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] },
      execute: async (args) => {
        ran.push(args);
        return { value: Number(args['a']) + 1, content: null };
      },
    };
    const now = { ...add, name: 'now', input_schema: { type: 'object', properties: {} } };
    const backend = await backendWithTools([add, now], ({ tools }) => ({
      async send() {
        const said: string[] = [];
        const call = (name: string, args: unknown) =>
          (tools[name] as (args: unknown) => Promise<unknown>)(args).then(
            String,
            (e: Error) => `${e.name}: ${e.message}`,
          );
        said.push(await call('add', { a: 'lots' }), await call('add', '1'), await call('add', { a: 2 }));
        said.push(await call('now', undefined));
        return said.join('\n');
      },
    }));
    const turn = await (await open(backend)).send(turnRequest(0, 'go'));
    const [lots, text, three] = turn.response.split('\n');
    expect(lots).toMatch(/^TypeError: invalid arguments for tool add: .*a/);
    expect(text).toBe(
      'TypeError: invalid arguments for tool add: the arguments must be a JSON object (given a string ("1"))',
    );
    expect(three).toBe('3');
    expect(ran).toEqual([{ a: 2 }, {}]);
    expect(turn.tool_invocations.map((call) => [call.name, call.args, call.error === null])).toEqual([
      ['add', { a: 'lots' }, false],
      ['add', {}, false],
      ['add', { a: 2 }, true],
      ['now', {}, true],
    ]);
  });

  it('records a call the agent did not wait for in the turn it was made in, and never in the next', async () => {
    let finish: (value: ToolOutput) => void = () => undefined;
    const slow: LoadedTool = {
      name: 'wipe',
      description: 'Wipes.',
      input_schema: { type: 'object', properties: {} },
      execute: () => new Promise((resolve) => (finish = resolve)),
    };
    const backend = await backendWithTools([slow], ({ tools }) => ({
      send(turn: ModuleTurn) {
        if (turn.turn_index === 0) void tools['wipe']?.({ all: true, skip: () => 1 });
        return 'ok';
      },
    }));
    const session = await open(backend);
    const first = await session.send(turnRequest(0, 'go'));
    expect(first.tool_invocations).toEqual([
      {
        name: 'wipe',
        args: { all: true },
        result: null,
        error: 'the agent did not wait for this call: it was still running when the turn ended',
        duration_ms: null,
      },
    ]);
    finish({ value: 'wiped', content: null });
    const second = await session.send(turnRequest(1, 'again'));
    expect(second.tool_invocations).toEqual([]);
  });
});
