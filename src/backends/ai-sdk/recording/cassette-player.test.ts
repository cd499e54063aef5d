/**
 * What a replay says of a request its cassette does not hold: an agent's request is explained from its own test
 * case's recorded requests only; a judge's from all of them.
 */
import { describe, expect, it } from 'vitest';
import type { CassetteEntry } from './cassette-file.js';
import { createCassettePlayer } from './cassette-player.js';
import type { RecordedRequest } from './normalize-request.js';
import { type KeyedRequest, requestKey } from './request-key.js';

/** A conversation's request: one user message per turn, the model's answers between them. */
function conversation(...questions: string[]): RecordedRequest {
  const messages = questions.flatMap((question, index) => [
    ...(index === 0 ? [] : [{ role: 'assistant', content: [{ type: 'text', text: '42' }] }]),
    { role: 'user', content: [{ type: 'text', text: question }] },
  ]);
  return {
    provider: 'openai.chat',
    model: 'gpt-4o-mini',
    messages: [{ role: 'system', content: 'Answer with the number only.' }, ...messages],
    parameters: { temperature: 0 },
  };
}

function keyed(request: RecordedRequest, testCase: string | null): KeyedRequest {
  return { key: requestKey(request, { test_case: testCase, endpoint: null }), request, test_case: testCase };
}

function recorded(request: RecordedRequest, testCase: string | null): CassetteEntry {
  const { key } = keyed(request, testCase);
  return {
    key,
    ...(testCase === null ? {} : { test_case: testCase }),
    occurrence: 0,
    request,
    response: { content: [], finishReason: { unified: 'stop' }, usage: { inputTokens: {}, outputTokens: {} } },
    latency_ms: 1,
  };
}

/** The message a replay of `entries` fails `request` with. */
async function missOf(entries: CassetteEntry[], request: KeyedRequest): Promise<string> {
  const player = createCassettePlayer(entries, 'c.jsonl');
  return player.find(request).then(
    () => 'served',
    (error: unknown) => (error as Error).message,
  );
}

describe('a replay miss', () => {
  // q1 was recorded for two turns; q2, whose request failed when recording, has none.
  const cassette = [
    recorded(conversation('what is six times seven?'), 'q1'),
    recorded(conversation('what is six times seven?', 'and seven times six?'), 'q1'),
  ];

  it("says a test case recorded no request, instead of comparing with another case's", async () => {
    expect(await missOf(cassette, keyed(conversation('this one ERR please'), 'q2'))).toBe(
      'request not recorded in c.jsonl: test case "q2" has no recorded request (it failed or was not run when the cassette was recorded?)',
    );
  });

  it('says a test case recorded no request at this turn', async () => {
    const third = conversation('what is six times seven?', 'and seven times six?', 'and halved?');
    expect(await missOf(cassette, keyed(third, 'q1'))).toBe(
      'request not recorded in c.jsonl: test case "q1" has no recorded request with 3 user messages in its conversation (a turn failed or was not reached when the cassette was recorded, or was added since?)',
    );
  });

  it("compares with the closest request of the case's own turn, though another case's is closer", async () => {
    const other = recorded(conversation('what is six times eight?', 'and eight times six!'), 'q3');
    const sent = keyed(conversation('what is six times eight?', 'and eight times six?'), 'q1');
    expect(await missOf([other, ...cassette], sent)).toBe(
      `request not recorded in c.jsonl: the closest recorded request (${cassette[1]!.key.slice(0, 12)}) differs at messages[1].content[0].text: recorded "what is six times seven?", sent "what is six times eight?" (and 1 more fields)`,
    );
  });

  it("compares a judge's request with every recorded request, as before", async () => {
    const sent = keyed(conversation('what is six times eight?'), null);
    expect(await missOf(cassette, sent)).toBe(
      `request not recorded in c.jsonl: the closest recorded request (${cassette[0]!.key.slice(0, 12)}) differs at messages[1].content[0].text: recorded "what is six times seven?", sent "what is six times eight?"`,
    );
  });
});
