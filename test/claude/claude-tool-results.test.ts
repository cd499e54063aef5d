import { afterEach, describe, expect, it } from 'vitest';
import type { LoadedTool } from '../../src/core/loaded-tool.js';
import { toolResultsSinceLastUser } from '../fakes/fake-request-view.js';
import type { FakeReply, FakeRequest } from '../fakes/fake-script.js';
import { turnRequest } from '../fakes/fixtures/agent-config.js';
import { type ClaudeFixture, startClaudeFixture } from './helpers/claude-fixture.js';

let fixture: ClaudeFixture | null = null;
afterEach(async () => {
  await fixture?.close();
  fixture = null;
});

/** A tool without arguments returning `text`. */
function textTool(name: string, text: string): LoadedTool {
  return {
    name,
    description: `returns ${text.length} characters`,
    input_schema: { type: 'object', properties: {} },
    execute: async () => ({ value: text, content: null }),
  };
}

/** Calls every offered tool at once, then answers. */
function callAll(request: FakeRequest): FakeReply {
  if (toolResultsSinceLastUser(request).length > 0) return { kind: 'answer', text: 'done' };
  return { kind: 'answer', tool_calls: request.tools.map((tool) => ({ name: tool.name, args: {} })) };
}

describe('claude_agent_sdk backend: long tool results', () => {
  it('hands the model results of up to 500,000 characters whole, and records a longer one as kept from it', async () => {
    // Claude Code's own limit for an MCP tool's result is 50,000 characters; longer ones it saves to a file.
    const page = 'page '.repeat(24_000);
    const limit = 'x'.repeat(500_000);
    const dump = 'dump '.repeat(120_001);
    const tools = [textTool('page', page), textTool('limit', limit), textTool('dump', dump)];
    fixture = await startClaudeFixture(callAll, { toolSet: { tools, close: async () => undefined } });
    const session = await fixture.backend.openSession({ test_case_name: 'c', signal: new AbortController().signal });
    const turn = await session.send(turnRequest(0, 'read them'));
    await session.close();

    expect(turn.response).toBe('done');
    const texts: Readonly<Record<string, string>> = { page, limit, dump };
    // Claude Code may follow the last result with a reminder of its own: what the tool returned comes first.
    const given = (name: string) => {
      const sent = fixture?.server.requests[1]?.messages.find((m) => m.role === 'tool' && m.name === name);
      return sent?.role === 'tool' ? sent.content : '';
    };
    expect(given('mcp__holodeck__page').startsWith(page)).toBe(true);
    expect(given('mcp__holodeck__limit').startsWith(limit)).toBe(true);
    expect(given('mcp__holodeck__dump')).toMatch(/^<persisted-output>\nOutput too large/);
    // Results compared by what they are, so that a failure does not print them whole.
    const calls = turn.tool_invocations.map(({ name, result, error }) => ({
      name,
      result: result === texts[name] ? 'the whole result' : result,
      error,
    }));
    // In the order the model called them: Claude Code lists the tools by name.
    expect(calls).toEqual([
      {
        name: 'dump',
        result: null,
        error:
          'the model was not given this result: it is over the 500,000 characters Claude Code hands over, so Claude ' +
          'Code gave the model a preview of its start and the path of a file holding it (<persisted-output>)',
      },
      { name: 'limit', result: 'the whole result', error: null },
      { name: 'page', result: 'the whole result', error: null },
    ]);
  });
});
