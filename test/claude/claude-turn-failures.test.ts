import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentTurnError } from '../../src/core/errors.js';
import type { LoadedTool } from '../../src/core/loaded-tool.js';
import { createConvFinQaScript, JKHY_2009 } from '../fakes/convfinqa-script.js';
import { lastUserText, toolResultsSinceLastUser } from '../fakes/fake-request-view.js';
import type { FakeReply, FakeRequest } from '../fakes/fake-script.js';
import { turnRequest } from '../fakes/fixtures/agent-config.js';
import { financeTools } from '../fakes/fixtures/tool-configs.js';
import { type ClaudeFixture, startClaudeFixture } from './helpers/claude-fixture.js';
import { claudeChildren } from './helpers/claude-processes.js';

const [Q1, Q2, Q3] = [JKHY_2009.turns[0].input, JKHY_2009.turns[1].input, JKHY_2009.turns[2].input];
const convfinqa = createConvFinQaScript();
const asks = (request: FakeRequest, question: string) => lastUserText(request).endsWith(question);
const userTexts = (request: FakeRequest | undefined) =>
  (request?.messages ?? []).filter((m) => m.role === 'user').map((m) => m.text.split('\n').at(-1));

let fixture: ClaudeFixture | null = null;
afterEach(async () => {
  await fixture?.close();
  fixture = null;
});

async function open(f: ClaudeFixture) {
  return f.backend.openSession({ test_case_name: 'c', signal: new AbortController().signal });
}

async function failure(promise: Promise<unknown>): Promise<AgentTurnError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AgentTurnError);
  return error as AgentTurnError;
}

describe('claude_agent_sdk backend: a turn cut short', () => {
  it('stops the Claude Code process on timeout, and the next turn resumes after the last good turn', async () => {
    fixture = await startClaudeFixture(
      (request) => (asks(request, Q2) ? { kind: 'answer', text: 'late', delay_ms: 30_000 } : convfinqa(request)),
      { tools: financeTools() },
    );
    const session = await open(fixture);
    expect((await session.send(turnRequest(0, Q1))).response).toBe('206588');

    const first = claudeChildren();
    const started = Date.now();
    const error = await failure(session.send(turnRequest(1, Q2, AbortSignal.timeout(1000))));
    expect(Date.now() - started).toBeLessThan(6000);
    expect(error).toMatchObject({ code: 'TURN_ABORTED', unrecoverable: false });
    // The timed-out process is gone; the next turn's has started already.
    expect(first).toHaveLength(1);
    expect(claudeChildren()).not.toContain(first[0]);
    expect(claudeChildren()).toHaveLength(1);

    const third = await session.send(turnRequest(2, Q3));
    expect(third.response).toBe('25587');
    expect(userTexts(fixture.server.requests.at(-1))).toEqual([Q1, Q3]);
    await session.close();
  });

  it('aborts a tool still running when the turn times out', async () => {
    const turn = new AbortController();
    const signals: AbortSignal[] = [];
    const wait: LoadedTool = {
      name: 'lookup',
      description: 'never answers until it is cancelled',
      input_schema: { type: 'object', properties: { row: { type: 'string' }, column: { type: 'string' } } },
      execute: (_args, signal) =>
        new Promise((resolve) => {
          signals.push(signal);
          signal.addEventListener('abort', () => resolve({ value: 'cancelled', content: null }), { once: true });
          setTimeout(() => turn.abort(new Error('turn timed out after 5s (llm_timeout)')), 100);
        }),
    };
    fixture = await startClaudeFixture(convfinqa, { toolSet: { tools: [wait], close: async () => undefined } });
    const session = await open(fixture);
    const settled: string[] = [];
    const used: number[] = [];
    const request = {
      ...turnRequest(0, Q1, turn.signal),
      calls: { record: (call: { name: string }) => void settled.push(call.name) },
      usage: { record: (usage: { total_tokens: number }) => void used.push(usage.total_tokens) },
    };
    const error = await failure(session.send(request));
    expect(error).toMatchObject({
      code: 'TURN_ABORTED',
      message: 'turn aborted: turn timed out after 5s (llm_timeout)',
    });
    expect(signals).toHaveLength(1);
    // The call that was running is told to the turn's journal, so the failed turn still reports it.
    expect(settled).toEqual(['lookup']);
    // The model response that asked for the call was paid for: the timed-out turn counts its tokens.
    expect(used).toHaveLength(1);
    expect(used[0]).toBeGreaterThan(0);
    expect(signals[0]?.aborted).toBe(true);
    await session.close();
    expect(claudeChildren()).toEqual([]);
  });
});

describe('claude_agent_sdk backend: an interrupted run', () => {
  it('stops the running turn when the run is interrupted, and a closed session takes no more turns', async () => {
    const run = new AbortController();
    fixture = await startClaudeFixture((): FakeReply => {
      setTimeout(() => run.abort(new Error('interrupted (Ctrl-C)')), 100);
      return { kind: 'answer', text: 'late', delay_ms: 30_000 };
    });
    const session = await fixture.backend.openSession({ test_case_name: 'c', signal: run.signal });
    const error = await failure(session.send(turnRequest(0, Q1)));
    expect(error.message).toBe('turn aborted: interrupted (Ctrl-C)');
    await session.close();
    expect(claudeChildren()).toEqual([]);
    expect(await fixture.scratchEntries()).toEqual([]);
    expect((await failure(session.send(turnRequest(1, Q2)))).code).toBe('TURN_ABORTED');
  });
});

describe('claude_agent_sdk backend: a Claude Code process that dies', () => {
  it("fails the session's start with what the process wrote to stderr", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-broken-claude-'));
    const executable = join(dir, 'claude');
    await writeFile(executable, '#!/bin/sh\necho "claude: cannot open the session store" >&2\nexit 3\n', {
      mode: 0o755,
    });
    try {
      fixture = await startClaudeFixture(convfinqa, { deps: { executable_path: executable } });
      const error = await failure(open(fixture));
      expect(error).toMatchObject({ code: 'AGENT_START', unrecoverable: true });
      expect(error.message).toMatch(
        /^Claude Code did not start: .*exited with code 3 — its stderr ends with: claude: cannot open the session store$/,
      );
      expect(await fixture.scratchEntries()).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('claude_agent_sdk backend: tool failures are the model’s to handle', () => {
  it('reports a throwing tool, invalid arguments and an unknown tool, and the turn goes on', async () => {
    fixture = await startClaudeFixture(
      (request): FakeReply => {
        const results = toolResultsSinceLastUser(request);
        if (results.length === 0) {
          return {
            kind: 'answer',
            tool_calls: [
              { name: 'mcp__holodeck__archive', args: {} },
              { name: 'mcp__holodeck__subtract', args: { a: 'lots', b: 1 } },
              { name: 'shred', args: { what: 'all' } },
            ],
          };
        }
        return { kind: 'answer', text: `errors: ${results.filter((r) => r.is_error).length}` };
      },
      { tools: financeTools() },
    );
    const session = await open(fixture);
    const turn = await session.send(turnRequest(0, 'archive it'));
    expect(turn.response).toBe('errors: 3');
    expect(turn.tool_invocations).toEqual([
      { name: 'archive', args: {}, result: null, error: 'archive is offline', duration_ms: expect.any(Number) },
      {
        name: 'subtract',
        args: { a: 'lots', b: 1 },
        result: null,
        error: expect.stringMatching(/^invalid arguments for tool subtract: a: /),
        duration_ms: null,
        // Refused before the tool ran: no args assertion reads them (as the ai_sdk backend marks them).
        args_refused: true,
      },
      {
        name: 'shred',
        args: { what: 'all' },
        result: null,
        error: expect.stringMatching(/No such tool/),
        duration_ms: null,
        // Not a tool of the agent's: no expected_tools entry may count it (as the ai_sdk backend marks it).
        unknown_tool: true,
      },
    ]);
    await session.close();
  });
});
