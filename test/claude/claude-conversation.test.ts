import { afterEach, describe, expect, it } from 'vitest';
import { createConvFinQaScript, JKHY_2009 } from '../fakes/convfinqa-script.js';
import { toolResultsSinceLastUser } from '../fakes/fake-request-view.js';
import type { FakeScript } from '../fakes/fake-script.js';
import { turnRequest } from '../fakes/fixtures/agent-config.js';
import { financeTools } from '../fakes/fixtures/tool-configs.js';
import { type ClaudeFixture, startClaudeFixture } from './helpers/claude-fixture.js';
import { claudeChildren, noClaudeChildrenWithin } from './helpers/claude-processes.js';

const USAGE = { prompt_tokens: 100, completion_tokens: 10, cache_read_tokens: 40, cache_creation_tokens: 5 };

/** The ConvFinQA script with fixed usage per reply, so token sums are exact. */
const script: FakeScript = async (request) => {
  const reply = await createConvFinQaScript()(request);
  return reply.kind === 'answer' ? { ...reply, usage: USAGE } : reply;
};

/** The usage of a turn that took `calls` model calls. */
function usage(calls: number) {
  return {
    prompt_tokens: 100 * calls,
    completion_tokens: 10 * calls,
    total_tokens: 110 * calls,
    cache_read_tokens: 40 * calls,
    cache_creation_tokens: 5 * calls,
  };
}

let fixture: ClaudeFixture | null = null;
afterEach(async () => {
  await fixture?.close();
  fixture = null;
});

describe('claude_agent_sdk backend: a multi-turn conversation', () => {
  it('runs four turns in one Claude Code session and reports tools, results and usage per turn', async () => {
    fixture = await startClaudeFixture(script, { tools: financeTools() });
    const session = await fixture.backend.openSession({
      test_case_name: 'JKHY-2009',
      signal: new AbortController().signal,
    });
    const turns = [];
    for (const [index, turn] of JKHY_2009.turns.entries())
      turns.push(await session.send(turnRequest(index, turn.input)));
    expect(claudeChildren()).toHaveLength(1);
    await session.close();

    expect(turns.map((t) => t.response)).toEqual(['206588', '181001', '25587', '0.14136']);
    expect(turns.map((t) => t.tool_invocations.map(({ duration_ms, ...call }) => call))).toEqual([
      [
        {
          name: 'lookup',
          args: { row: 'net cash from operating activities', column: '2009' },
          result: 206588,
          error: null,
        },
      ],
      [
        {
          name: 'lookup',
          args: { row: 'net cash from operating activities', column: '2008' },
          result: 181001,
          error: null,
        },
      ],
      [{ name: 'subtract', args: { a: 206588, b: 181001 }, result: 25587, error: null }],
      [
        { name: 'subtract', args: { a: 206588, b: 181001 }, result: 25587, error: null },
        { name: 'divide', args: { a: 25587, b: 181001 }, result: 25587 / 181001, error: null },
      ],
    ]);
    for (const call of turns.flatMap((t) => t.tool_invocations)) expect(call.duration_ms).toBeGreaterThanOrEqual(0);
    expect(turns.map((t) => t.token_usage)).toEqual([usage(2), usage(2), usage(2), usage(3)]);
    expect(turns.map((t) => t.retries)).toEqual([0, 0, 0, 0]);

    const requests = fixture.server.requests;
    expect(requests).toHaveLength(9);
    expect(new Set(requests.map((r) => r.headers['x-claude-code-session-id'])).size).toBe(1);
    expect(new Set(requests.map((r) => r.headers['x-api-key']))).toEqual(new Set(['sk-ant-test-key']));
    // Our tools only: Claude Code's own shell, file and web tools stay off.
    expect(requests[0]?.tools.map((t) => t.name).sort()).toEqual([
      'mcp__holodeck__archive',
      'mcp__holodeck__divide',
      'mcp__holodeck__lookup',
      'mcp__holodeck__subtract',
    ]);
    expect(requests[0]?.system).toContain('You are a financial analyst. Use the tools for every number.');
    // The history is carried: the last request holds all four questions and the earlier tool results.
    expect(requests[8]?.messages.filter((m) => m.role === 'user')).toHaveLength(4);
    // (Claude Code appends its own reminders to tool results; the value comes first.)
    expect(toolResultsSinceLastUser(requests[8]!).map((r) => r.content.split('\n')[0])).toEqual([
      '25587',
      String(25587 / 181001),
    ]);
  });

  it('sends nothing but the model calls, leaves no process running and removes its scratch folder', async () => {
    fixture = await startClaudeFixture(script, { tools: financeTools() });
    const session = await fixture.backend.openSession({ test_case_name: 'c', signal: new AbortController().signal });
    await session.send(turnRequest(0, JKHY_2009.turns[0].input));
    await session.send(turnRequest(1, JKHY_2009.turns[1].input));
    expect(await fixture.scratchEntries()).toHaveLength(1);
    await session.close();

    expect(fixture.gateway.seen).toEqual(Array(4).fill('POST /v1/messages?beta=true'));
    expect(await noClaudeChildrenWithin(0)).toBe(true);
    expect(await fixture.scratchEntries()).toEqual([]);
  });

  it('offers Claude Code’s own tools only when they are enabled', async () => {
    fixture = await startClaudeFixture(() => ({ kind: 'answer', text: 'ok' }), {
      tools: financeTools(),
      deps: { builtin_tools: ['Read', 'Grep'] },
    });
    const session = await fixture.backend.openSession({ test_case_name: 'c', signal: new AbortController().signal });
    await session.send(turnRequest(0, 'hello'));
    await session.close();
    const offered = fixture.server.requests[0]?.tools.map((t) => t.name) ?? [];
    expect(offered).toEqual(expect.arrayContaining(['Read', 'Grep', 'mcp__holodeck__subtract']));
    expect(offered).not.toContain('Bash');
    expect(offered).not.toContain('WebFetch');
  });

  it('keeps parallel sessions apart: a process and a scratch folder each', async () => {
    fixture = await startClaudeFixture(script, { tools: financeTools() });
    const signal = new AbortController().signal;
    const { backend } = fixture;
    const sessions = await Promise.all(['a', 'b'].map((name) => backend.openSession({ test_case_name: name, signal })));
    const questions = [JKHY_2009.turns[0].input, JKHY_2009.turns[1].input];
    const first = await Promise.all(sessions.map((s, i) => s.send(turnRequest(0, questions[i] ?? ''))));
    expect(claudeChildren()).toHaveLength(2);
    expect(await fixture.scratchEntries()).toHaveLength(2);
    const second = await Promise.all(sessions.map((s) => s.send(turnRequest(1, JKHY_2009.turns[2].input))));
    await Promise.all(sessions.map((s) => s.close()));
    expect([...first, ...second].map((t) => t.response)).toEqual(['206588', '181001', '25587', '25587']);
    expect(new Set(fixture.server.requests.map((r) => r.headers['x-claude-code-session-id'])).size).toBe(2);
    expect(await fixture.scratchEntries()).toEqual([]);
  });

  it('sends a turn input that looks like a Claude Code command or a file mention to the model as written', async () => {
    fixture = await startClaudeFixture((request) => {
      const users = request.messages.filter((m) => m.role === 'user');
      return { kind: 'answer', text: `heard ${users.length}: ${users.at(-1)?.text ?? ''}` };
    });
    const session = await fixture.backend.openSession({ test_case_name: 'c', signal: new AbortController().signal });
    const inputs = ['remember 7', '/clear', '/cost', '@notes.txt', '/model claude-opus-4-1', 'what did I ask first?'];
    const turns = [];
    for (const [index, input] of inputs.entries()) turns.push(await session.send(turnRequest(index, input)));
    await session.close();
    // Every input reached the model in one conversation, its history growing by one question a turn.
    // (Claude Code puts its environment reminders ahead of the first question.)
    for (const [i, turn] of turns.entries()) {
      expect(turn.response.startsWith(`heard ${i + 1}: `) && turn.response.endsWith(inputs[i] ?? '-')).toBe(true);
    }
    const requests = fixture.server.requests;
    expect(requests).toHaveLength(inputs.length);
    expect(new Set(requests.map((r) => r.headers['x-claude-code-session-id'])).size).toBe(1);
    expect(new Set(requests.map((r) => r.model))).toEqual(new Set([requests[0]?.model]));
  });
});
