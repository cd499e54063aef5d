import { afterEach, describe, expect, it } from 'vitest';
import { createAiSdkBackend } from '../../src/backends/ai-sdk/create-ai-sdk-backend.js';
import type { AgentSession } from '../../src/core/backend.js';
import type { ModelConfig, ProviderName } from '../../src/core/config-types.js';
import { loadToolSet } from '../../src/tools/load-tool-set.js';
import { createConvFinQaScript } from '../fakes/convfinqa-script.js';
import { callTools, type FakeScript } from '../fakes/fake-script.js';
import { agentConfig, modelConfig, turnRequest } from '../fakes/fixtures/agent-config.js';
import { financeTools } from '../fakes/fixtures/tool-configs.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

function model(provider: ProviderName, url: string, extra: Partial<ModelConfig> = {}): ModelConfig {
  return modelConfig({
    provider,
    name: 'm',
    endpoint: provider === 'anthropic' ? url : `${url}/v1`,
    api_key: 'k',
    ...extra,
  });
}

async function open(
  script: FakeScript,
  options: { provider?: ProviderName; max_steps?: number; model?: Partial<ModelConfig> } = {},
): Promise<AgentSession> {
  server = await startFakeModelServer(script);
  const config = agentConfig({
    model: model(options.provider ?? 'openai', server.url, options.model),
    tools: financeTools(),
  });
  const backend = await createAiSdkBackend(config, {
    env: {},
    toolSet: await loadToolSet(financeTools()),
    ...(options.max_steps === undefined ? {} : { max_steps: options.max_steps }),
  });
  return backend.openSession({ test_case_name: 'session', signal: new AbortController().signal });
}

describe.each(['openai', 'anthropic'] as const)('ai_sdk tool errors over %s', (provider) => {
  it('records a throwing tool, an unknown tool and invalid arguments, and lets the model see the errors', async () => {
    const script: FakeScript = (request) => {
      switch (request.index) {
        case 0:
          return callTools({ name: 'archive', args: {} });
        case 1:
          return callTools({ name: 'does_not_exist', args: { x: 1 } });
        case 2:
          return callTools({ name: 'subtract', args: { a: 'lots' } });
        default:
          return { kind: 'answer', text: 'I could not finish.' };
      }
    };
    const session = await open(script, { provider });
    const turn = await session.send(turnRequest(0, 'archive the report'));
    expect(turn.response).toBe('I could not finish.');
    expect(turn.tool_invocations.map((c) => [c.name, c.result])).toEqual([
      ['archive', null],
      ['does_not_exist', null],
      ['subtract', null],
    ]);
    const [archive, unknown, invalid] = turn.tool_invocations;
    expect(archive?.error).toBe('archive is offline');
    expect(archive?.duration_ms).toEqual(expect.any(Number));
    expect(unknown?.error).toMatch(/does_not_exist/);
    expect(unknown?.args).toEqual({ x: 1 });
    expect(unknown?.duration_ms).toBeNull();
    expect(invalid?.error).toMatch(/^invalid arguments for tool subtract: a: /);

    const afterArchive = server?.requests[1]?.messages.at(-1);
    expect(afterArchive).toMatchObject({ role: 'tool', name: 'archive' });
    expect(afterArchive?.role === 'tool' && afterArchive.content).toContain('archive is offline');
    if (provider === 'anthropic') expect(afterArchive).toMatchObject({ is_error: true });
  });
});

describe.each([
  ['openai', 'length', 'content_filter'],
  ['anthropic', 'max_tokens', 'refusal'],
] as const)('ai_sdk answers cut off over %s', (provider, tokenLimit, filtered) => {
  it('says which final answers the model stopped before finishing them, and not the others', async () => {
    const reasons: (string | null)[] = [tokenLimit, filtered, null];
    const session = await open(
      (request) => {
        const reason = reasons[request.index] ?? null;
        return { kind: 'answer', text: 'The answer is 25,5', ...(reason === null ? {} : { finish_reason: reason }) };
      },
      { provider },
    );
    const turns = [];
    for (const index of [0, 1, 2]) turns.push(await session.send(turnRequest(index, `question ${index}`)));
    expect(turns.map((turn) => turn.response)).toEqual([
      'The answer is 25,5',
      'The answer is 25,5',
      'The answer is 25,5',
    ]);
    expect(turns.map((turn) => turn.answer_cut_off)).toEqual(['token_limit', 'content_filter', undefined]);
  });
});

describe('ai_sdk session', () => {
  it('stops the agent loop after max_steps model calls', async () => {
    const session = await open(() => callTools({ name: 'subtract', args: { a: 2, b: 1 } }), { max_steps: 3 });
    const turn = await session.send(turnRequest(0, 'loop forever'));
    expect(server?.requests).toHaveLength(3);
    expect(turn.tool_invocations).toHaveLength(3);
    expect(turn.response).toBe('');
    expect(turn.step_limit).toBe(3);
  });

  it('names no step limit for a turn that answered on its last allowed model call', async () => {
    let calls = 0;
    const script = () => {
      calls += 1;
      return calls < 3 ? callTools({ name: 'subtract', args: { a: 2, b: 1 } }) : { kind: 'answer' as const, text: '1' };
    };
    const session = await open(script, { max_steps: 3 });
    const turn = await session.send(turnRequest(0, 'three calls'));
    expect(server?.requests).toHaveLength(3);
    expect(turn.response).toBe('1');
    expect(turn.step_limit).toBeUndefined();
  });

  it('sends temperature and max_tokens from the model config', async () => {
    const session = await open(createConvFinQaScript(), { model: { temperature: 0, max_tokens: 321 } });
    await session.send(turnRequest(0, 'what is the difference?'));
    const body = server?.requests[0]?.body ?? {};
    expect(body['temperature']).toBe(0);
    expect(body['max_tokens'] ?? body['max_completion_tokens']).toBe(321);
  });

  it('sends text files with their name and images as image parts, on their turn only', async () => {
    const session = await open(() => ({ kind: 'answer', text: 'seen' }));
    const files = [
      { kind: 'text' as const, name: 'table.csv', file_type: 'csv', text: 'year,cash\n2009,206588' },
      { kind: 'image' as const, name: 'chart.png', media_type: 'image/png', data: new Uint8Array([137, 80, 78, 71]) },
    ];
    await session.send({ ...turnRequest(0, 'what does the table say?'), files });
    await session.send(turnRequest(1, 'and now?'));
    const first = server?.requests[0]?.messages[0];
    expect(first?.role).toBe('user');
    if (first?.role !== 'user') return;
    expect(first.text).toContain('<file name="table.csv" type="csv">\nyear,cash\n2009,206588\n</file>');
    expect(first.text.endsWith('what does the table say?')).toBe(true);
    expect(first.images).toEqual(['image/png']);
    const second = server?.requests[1]?.messages.at(-1);
    expect(second).toEqual({ role: 'user', text: 'and now?', images: [] });
    // The later turn carries the earlier one with its files named, not sent again.
    const carried = server?.requests[1]?.messages.find((m) => m.role === 'user');
    expect(carried).toEqual({
      role: 'user',
      text: '<file name="table.csv" type="csv"/>\n<file name="chart.png" type="image"/>\n\nwhat does the table say?',
      images: [],
    });
  });

  it('keeps sessions apart', async () => {
    server = await startFakeModelServer(createConvFinQaScript());
    const config = agentConfig({ model: model('openai', server.url), tools: financeTools() });
    const backend = await createAiSdkBackend(config, { env: {}, toolSet: await loadToolSet(financeTools()) });
    const signal = new AbortController().signal;
    const a = await backend.openSession({ test_case_name: 'a', signal });
    const b = await backend.openSession({ test_case_name: 'b', signal });
    await Promise.all([
      a.send(turnRequest(0, 'what is the difference?')),
      b.send(turnRequest(0, 'what about in 2008?')),
    ]);
    const turn2 = await b.send(turnRequest(1, 'what is the difference?'));
    expect(turn2.response).toBe('25587');
    const last = server.requests.at(-1)?.messages ?? [];
    expect(last.filter((m) => m.role === 'user').map((m) => m.role === 'user' && m.text)).toEqual([
      'what about in 2008?',
      'what is the difference?',
    ]);
  });

  it('records the calls of an answer cut off at its token limit as not run, and answers them so the next turn goes on', async () => {
    const session = await open((request) =>
      request.index === 0
        ? { ...callTools({ name: 'subtract', args: { a: 1, b: 2 } }), finish_reason: 'length' }
        : { kind: 'answer', text: 'fine' },
    );
    const cut = await session.send(turnRequest(0, 'what is the difference?'));
    // The call is recorded, never run: it satisfies no expected tool, and says why.
    expect(cut.tool_invocations).toMatchObject([
      { name: 'subtract', result: null, error: expect.stringContaining('not run'), duration_ms: null, not_run: true },
    ]);
    const next = await session.send(turnRequest(1, 'and now?'));
    expect(next.response).toBe('fine');
    const messages = server?.requests[1]?.messages ?? [];
    expect(messages.filter((m) => m.role === 'tool')).toEqual([
      {
        role: 'tool',
        call_id: 'call_0_0',
        name: 'subtract',
        content: "not run: the model's answer was cut off at the token limit before its tool calls could run",
        is_error: false,
      },
    ]);
  });

  it('ends a session when the session signal aborts', async () => {
    server = await startFakeModelServer(() => ({ kind: 'answer', text: 'late', delay_ms: 10_000 }));
    const config = agentConfig({ model: model('openai', server.url) });
    const backend = await createAiSdkBackend(config, { env: {}, toolSet: await loadToolSet([]) });
    const run = new AbortController();
    const session = await backend.openSession({ test_case_name: 'interrupted', signal: run.signal });
    setTimeout(() => run.abort(new Error('run interrupted')), 50);
    await expect(session.send(turnRequest(0, 'hello'))).rejects.toThrow('turn aborted: run interrupted');
  });
});
