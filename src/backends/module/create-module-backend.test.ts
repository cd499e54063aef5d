import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { AgentBackend } from '../../core/backend.js';
import type { AgentConfig, BackendConfig } from '../../core/config-types.js';
import { AgentTurnError, BackendStartError, ToolServerCrashedError } from '../../core/errors.js';
import type { LoadedTool, ToolSet } from '../../core/loaded-tool.js';
import type { ModuleAgentContext, ModuleAgentFactory, ModuleTurn } from '../../core/module-agent.js';
import { createModuleBackend } from './create-module-backend.js';

function loaded(name: string, execute: (args: Record<string, unknown>) => unknown): LoadedTool {
  return {
    name,
    description: name,
    input_schema: { type: 'object' },
    execute: async (args) => ({ value: execute(args), content: null }),
  };
}

const TABLE: Readonly<Record<string, number>> = { '2009': 206588, '2008': 181001 };
const toolSet: ToolSet = {
  tools: [
    loaded('lookup', (args) => TABLE[String(args['column'])] ?? null),
    loaded('subtract', (args) => Number(args['a']) - Number(args['b'])),
    loaded('divide', (args) => Number(args['a']) / Number(args['b'])),
    loaded('archive', () => {
      throw new Error('archive is offline');
    }),
  ],
  close: async () => undefined,
};

function config(backend: BackendConfig, execution: Partial<AgentConfig['execution']> = {}): AgentConfig {
  return {
    name: 'financial-assistant',
    description: null,
    model: {
      provider: 'openai',
      name: 'm',
      endpoint: null,
      api_key: null,
      temperature: null,
      max_tokens: null,
      api_version: null,
    },
    backend,
    instructions: 'You are a financial analyst.',
    tools: [],
    evaluations: { model: null, metrics: [] },
    execution: {
      llm_timeout: 60,
      parallel_test_cases: 1,
      max_retries: 0,
      max_steps: 10,
      limit: null,
      filter: null,
      results_dir: null,
      redact: [],
      fail_on_tool_error: false,
      repeat: 1,
      min_pass_rate: 1,
      tool_name_match: 'substring',
      distinct_calls: false,
      ...execution,
    },
    test_cases: [],
    config_path: '/project/agent.yaml',
    base_dir: '/project',
  };
}

function turnRequest(index: number, input: string, signal: AbortSignal = new AbortController().signal) {
  return { turn_index: index, input, files: [], turn_config: {}, signal };
}

function backendFor(
  factory: ModuleAgentFactory,
  execution: Partial<AgentConfig['execution']> = {},
): Promise<AgentBackend> {
  return createModuleBackend(config({ type: 'module', module: 'agents/oracle.ts:createAgent', factory }, execution), {
    toolSet,
  });
}

const open = (backend: AgentBackend, name = 'JKHY-2009') =>
  backend.openSession({ test_case_name: name, signal: new AbortController().signal });

async function turnError(promise: Promise<unknown>): Promise<AgentTurnError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AgentTurnError);
  return error as AgentTurnError;
}

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
    const backend = await createModuleBackend(
      config({
        type: 'module',
        module: 'agents/oracle.ts:createAgent',
        factory: ({ tools }) => ({
          async send() {
            await tools['ledger']?.({}).catch(() => undefined);
            return 'answered anyway';
          },
        }),
      }),
      { toolSet: { tools: [dead], close: async () => undefined } },
    );
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

  it('turns a throw in send into a turn error with the message, and the session goes on', async () => {
    const backend = await backendFor(() => ({
      send(turn) {
        if (turn.turn_index === 0) throw new Error('model quota exhausted');
        return 'recovered';
      },
    }));
    const session = await open(backend);
    const error = await turnError(session.send(turnRequest(0, 'a')));
    expect(error.message).toBe('module agent agents/oracle.ts:createAgent: model quota exhausted');
    expect(error.unrecoverable).toBe(false);
    expect((await session.send(turnRequest(1, 'b'))).response).toBe('recovered');
  });

  it('says a throw of something that is not an Error as thrown: a number, null, a string, an object, an empty Error', async () => {
    const thrown: unknown[] = [42, null, 'quota', { code: 42 }, new TypeError()];
    const backend = await backendFor(() => ({
      send(turn) {
        throw thrown[turn.turn_index];
      },
    }));
    const session = await open(backend);
    const messages: string[] = [];
    for (const index of [0, 1, 2, 3, 4]) {
      messages.push((await turnError(session.send(turnRequest(index, 'a')))).message);
    }
    expect(messages).toEqual([
      'module agent agents/oracle.ts:createAgent: threw 42',
      'module agent agents/oracle.ts:createAgent: threw null',
      'module agent agents/oracle.ts:createAgent: threw "quota"',
      'module agent agents/oracle.ts:createAgent: threw {"code":42}',
      'module agent agents/oracle.ts:createAgent: threw TypeError with no message',
    ]);
  });

  it('passes an AgentTurnError from the agent through, so it can end the session', async () => {
    const backend = await backendFor(() => ({
      send() {
        throw new AgentTurnError('license expired', 'ORACLE_LICENSE', true);
      },
    }));
    const error = await turnError((await open(backend)).send(turnRequest(0, 'a')));
    expect(error).toMatchObject({ message: 'license expired', code: 'ORACLE_LICENSE', unrecoverable: true });
  });

  it('rejects a result that is neither a string nor { response }', async () => {
    const backend = await backendFor(() => ({ send: () => ({ answer: 42 }) as unknown as string }));
    const error = await turnError((await open(backend)).send(turnRequest(0, 'a')));
    expect(error.code).toBe('MODULE_INVALID_RESULT');
    expect(error.message).toContain('must return a string or { response: string');
  });

  it('reports a factory that throws as an unrecoverable session error', async () => {
    const backend = await backendFor(() => {
      throw new Error('cannot read the reference programs');
    });
    const error = await turnError(open(backend));
    expect(error).toMatchObject({ code: 'MODULE_START', unrecoverable: true });
    expect(error.message).toContain('cannot read the reference programs');
  });

  it('gives up on an agent that ignores the turn signal, and does not leak its late tool calls', async () => {
    let release: () => void = () => undefined;
    const backend = await backendFor(({ tools }) => ({
      async send(turn) {
        if (turn.turn_index === 0) {
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          await tools['subtract']?.({ a: 2, b: 1 });
          return 'late';
        }
        return 'on time';
      },
    }));
    const session = await open(backend);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('turn timed out after 0.05s')), 50);
    const error = await turnError(session.send(turnRequest(0, 'slow', controller.signal)));
    expect(error).toMatchObject({ code: 'TURN_ABORTED', message: 'turn aborted: turn timed out after 0.05s' });
    const next = session.send(turnRequest(1, 'fast'));
    release();
    const turn = await next;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(turn.tool_invocations).toEqual([]);
  });

  it('fails the turn naming the agent when reading its result throws (a getter, a proxy)', async () => {
    const backend = await backendFor(() => ({
      send: (turn) =>
        (turn.input === 'getter'
          ? {
              get response(): string {
                throw new Error('getter boom');
              },
            }
          : new Proxy(
              {},
              {
                get() {
                  throw new Error('proxy boom');
                },
              },
            )) as unknown as string,
    }));
    const session = await open(backend);
    expect(await turnError(session.send(turnRequest(0, 'getter')))).toMatchObject({
      code: 'MODULE_INVALID_RESULT',
      message: expect.stringMatching(/^module agent .+: reading its result threw: getter boom$/),
    });
    // Awaiting the result already reads it (`then`): the agent's error, named as such.
    expect(await turnError(session.send(turnRequest(1, 'proxy')))).toMatchObject({
      code: 'MODULE_AGENT_ERROR',
      message: expect.stringMatching(/^module agent .+: proxy boom$/),
    });
  });

  it('aborts a turn when the session is cancelled, and leaves no listener on the session or turn signals', async () => {
    const backend = await backendFor(() => ({
      send: (turn) =>
        turn.input === 'wait'
          ? new Promise<string>((_, reject) =>
              turn.signal.addEventListener('abort', () => reject(new Error('stopped'))),
            )
          : `echo ${turn.input}`,
    }));
    const cancel = new AbortController();
    const session = await backend.openSession({ test_case_name: 'JKHY-2009', signal: cancel.signal });
    const turnSignals = Array.from({ length: 12 }, () => new AbortController().signal);
    for (const [index, signal] of turnSignals.entries()) {
      expect((await session.send(turnRequest(index, `q${index}`, signal))).response).toBe(`echo q${index}`);
    }
    for (const signal of [cancel.signal, ...turnSignals]) expect(getEventListeners(signal, 'abort')).toHaveLength(0);
    const waiting = session.send(turnRequest(12, 'wait'));
    cancel.abort(new Error('run interrupted before the turn finished'));
    const error = await turnError(waiting);
    expect(error).toMatchObject({
      code: 'TURN_ABORTED',
      message: 'turn aborted: run interrupted before the turn finished',
    });
    expect(getEventListeners(cancel.signal, 'abort')).toHaveLength(0);
  });

  it('closes the agent session', async () => {
    let closed = 0;
    const backend = await backendFor(() => ({
      send: () => 'x',
      close: () => {
        closed += 1;
      },
    }));
    const session = await open(backend);
    await session.close();
    expect(closed).toBe(1);
  });

  it('refuses a config whose backend is not a module', async () => {
    await expect(createModuleBackend(config({ type: 'ai_sdk' }), { toolSet })).rejects.toThrow(BackendStartError);
  });
});
