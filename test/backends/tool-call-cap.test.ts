/**
 * The cap on the tool calls of one model answer (tool-call-cap.ts), through the ai_sdk session and the real
 * OpenAI provider against the fake server: an answer at the cap runs every call; one above it errors the turn
 * before any call runs, is not sent again, and leaves the session able to go on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createAiSdkBackend } from '../../src/backends/ai-sdk/create-ai-sdk-backend.js';
import { MAX_TOOL_CALLS_PER_STEP } from '../../src/backends/ai-sdk/tool-call-cap.js';
import type { AgentSession } from '../../src/core/backend.js';
import { AgentTurnError } from '../../src/core/errors.js';
import type { LoadedTool } from '../../src/core/loaded-tool.js';
import type { ToolInvocation } from '../../src/core/tool-invocation.js';
import type { FakeReply, FakeScript } from '../fakes/fake-script.js';
import { agentConfig, modelConfig, turnRequest } from '../fakes/fixtures/agent-config.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** An in-process tool that counts its runs. */
function countingTool(runs: { count: number }): LoadedTool {
  return {
    name: 'echo',
    description: 'echo a cell',
    input_schema: { type: 'object', properties: { cell: { type: 'string' } } },
    execute: async (args) => {
      runs.count += 1;
      return { value: args['cell'] ?? null, content: null };
    },
  };
}

function manyCalls(count: number): FakeReply {
  return {
    kind: 'answer',
    tool_calls: Array.from({ length: count }, (_, index) => ({ name: 'echo', args: { cell: String(index) } })),
  };
}

async function open(script: FakeScript, tool: LoadedTool): Promise<AgentSession> {
  server = await startFakeModelServer(script);
  const model = modelConfig({ provider: 'openai', name: 'm', endpoint: `${server.url}/v1`, api_key: 'k' });
  const backend = await createAiSdkBackend(agentConfig({ model }), {
    env: {},
    toolSet: { tools: [tool], close: async () => {} },
  });
  return backend.openSession({ test_case_name: 'cap', signal: new AbortController().signal });
}

describe('the tool calls of one model answer', () => {
  it('run when there are as many as the cap', async () => {
    const runs = { count: 0 };
    const script: FakeScript = (request) =>
      request.index === 0 ? manyCalls(MAX_TOOL_CALLS_PER_STEP) : { kind: 'answer', text: 'done' };
    const session = await open(script, countingTool(runs));
    const turn = await session.send(turnRequest(0, 'echo them'));
    expect(turn.response).toBe('done');
    expect(runs.count).toBe(MAX_TOOL_CALLS_PER_STEP);
    expect(turn.tool_invocations).toHaveLength(MAX_TOOL_CALLS_PER_STEP);
  });

  it('error the turn before any runs when there are more, naming the count and the cap; the session goes on', async () => {
    const runs = { count: 0 };
    const asked = MAX_TOOL_CALLS_PER_STEP + 1000;
    const script: FakeScript = (request) => (request.index === 0 ? manyCalls(asked) : { kind: 'answer', text: 'hi' });
    const session = await open(script, countingTool(runs));
    const journal: ToolInvocation[] = [];
    const request = { ...turnRequest(0, 'echo them'), calls: { record: (call: ToolInvocation) => journal.push(call) } };
    const failed = await session.send(request).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(AgentTurnError);
    expect(failed).toMatchObject({
      code: 'TOO_MANY_TOOL_CALLS',
      unrecoverable: false,
      message: `the model asked for ${asked} tool calls in one answer, more than the ${MAX_TOOL_CALLS_PER_STEP} holodeck runs from one model call: none of them was run`,
    });
    expect(runs.count).toBe(0);
    expect(journal).toEqual([]);
    // Not sent again: the same request would get the same answer.
    expect(server?.requests).toHaveLength(1);
    const next = await session.send(turnRequest(1, 'hello'));
    expect(next.response).toBe('hi');
    expect(server?.requests[1]?.messages).toEqual([{ role: 'user', text: 'hello', images: [] }]);
  });
});
