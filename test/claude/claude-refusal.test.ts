import { afterEach, describe, expect, it } from 'vitest';
import type { FakeReply } from '../fakes/fake-script.js';
import { turnRequest } from '../fakes/fixtures/agent-config.js';
import { type ClaudeFixture, startClaudeFixture } from './helpers/claude-fixture.js';

let fixture: ClaudeFixture | null = null;
afterEach(async () => {
  await fixture?.close();
  fixture = null;
});

/** Refuses the first `times` requests, then answers. */
function refusingFirst(times: number) {
  let refused = 0;
  return (): FakeReply => {
    if (refused === times) return { kind: 'answer', text: 'I cannot help with that.' };
    refused += 1;
    return { kind: 'answer', text: `Step ${refused} of the recipe`, finish_reason: 'refusal' };
  };
}

describe('claude_agent_sdk backend: an answer the content filter stopped', () => {
  it("is marked content_filter; the answer Claude Code asks for anew is the turn's, not joined to the refused one", async () => {
    fixture = await startClaudeFixture(refusingFirst(1));
    const session = await fixture.backend.openSession({ test_case_name: 'c', signal: new AbortController().signal });
    const turn = await session.send(turnRequest(0, 'how?'));
    await session.close();
    expect(fixture.server.requests).toHaveLength(2);
    expect([turn.response, turn.answer_cut_off]).toEqual(['I cannot help with that.', 'content_filter']);
  });

  it('refused twice, ends the turn with the refused text, as the ai_sdk backend does, and the next turn goes on', async () => {
    fixture = await startClaudeFixture(refusingFirst(2));
    const session = await fixture.backend.openSession({ test_case_name: 'c', signal: new AbortController().signal });
    const first = await session.send(turnRequest(0, 'how?'));
    const second = await session.send(turnRequest(1, 'something else'));
    await session.close();
    expect([first.response, first.answer_cut_off]).toEqual(['Step 2 of the recipe', 'content_filter']);
    expect([second.response, second.answer_cut_off]).toEqual(['I cannot help with that.', undefined]);
  });
});
