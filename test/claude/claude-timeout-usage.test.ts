/**
 * A turn that times out after a model call answered counts that call's whole usage (its final output tokens, which
 * only the end of its stream says) and the start of the stalled one, and its timeout says how far the request got.
 */
import { afterEach, expect, it } from 'vitest';
import { createHoldTracker } from '../../src/core/hold-tracker.js';
import { addUsage, type TokenUsage, ZERO_USAGE } from '../../src/core/token-usage.js';
import { toolResultsSinceLastUser } from '../fakes/fake-request-view.js';
import type { FakeReply } from '../fakes/fake-script.js';
import { turnRequest } from '../fakes/fixtures/agent-config.js';
import { financeTools } from '../fakes/fixtures/tool-configs.js';
import { type ClaudeFixture, startClaudeFixture } from './helpers/claude-fixture.js';

let fixture: ClaudeFixture | null = null;
afterEach(async () => {
  await fixture?.close();
  fixture = null;
});

it('counts the final usage of the answered model call and says the stalled one had no response headers', async () => {
  const usage = { prompt_tokens: 1000, completion_tokens: 50 };
  fixture = await startClaudeFixture(
    (request): FakeReply =>
      toolResultsSinceLastUser(request).length > 0
        ? { kind: 'answer', text: 'late', delay_ms: 20_000, usage }
        : { kind: 'answer', usage, tool_calls: [{ name: 'mcp__holodeck__subtract', args: { a: 5, b: 3 } }] },
    { tools: financeTools() },
  );
  const session = await fixture.backend.openSession({ test_case_name: 'c', signal: new AbortController().signal });
  let used: TokenUsage = ZERO_USAGE;
  const holds = createHoldTracker();
  const request = {
    ...turnRequest(0, 'subtract 3 from 5', AbortSignal.timeout(3000)),
    usage: {
      record: (u: TokenUsage) => {
        used = addUsage(used, u);
      },
    },
    holds: holds.journal,
  };
  await expect(session.send(request)).rejects.toMatchObject({ code: 'TURN_ABORTED' });
  expect(fixture.server.requests.length).toBe(2);
  // The first call's 50 output tokens, not the 1 its start said.
  expect(used.completion_tokens).toBe(50);
  expect(used.prompt_tokens).toBe(1000);
  expect(holds.note()).toMatch(/^ — the model request to http:\/\/127\.0\.0\.1:\d+ had no response headers \d/);
  await session.close();
});
