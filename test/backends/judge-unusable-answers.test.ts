/**
 * Judge answers that are no verdict, though some hold JSON: withheld by a content filter or a refusal, only a
 * tool call, empty, or text that is not JSON. Each fails the judge call saying which, never scored.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createAiSdkJudge } from '../../src/backends/ai-sdk/create-ai-sdk-judge.js';
import type { ProviderName } from '../../src/core/config-types.js';
import type { FakeReply } from '../fakes/fake-script.js';
import { modelConfig } from '../fakes/fixtures/agent-config.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';

const VERDICT = JSON.stringify({ score: 0.8, reasoning: 'fine' });
const SCHEMA = {
  type: 'object',
  properties: { score: { type: 'number' }, reasoning: { type: 'string' } },
  required: ['score', 'reasoning'],
};

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function judgeError(provider: ProviderName, reply: FakeReply): Promise<Error> {
  server = await startFakeModelServer(() => reply);
  const endpoint = provider === 'openai' ? `${server.url}/v1` : server.url;
  const judge = createAiSdkJudge(
    modelConfig({ provider, name: 'judge', endpoint, api_key: 'k' }),
    {},
    {
      retry: { max_retries: 0 },
    },
  );
  const request = { system: 's', prompt: 'p', schema: SCHEMA, schema_name: 'v', signal: new AbortController().signal };
  const outcome = await judge.judge({ ...request, timeout_ms: 5000 }).then(
    (value) => new Error(`scored: ${JSON.stringify(value)}`),
    (error: unknown) => error as Error,
  );
  return outcome;
}

describe('a judge answer that is no verdict', () => {
  it.each([
    ['openai', 'content_filter'],
    ['anthropic', 'refusal'],
  ] as const)('%s: JSON withheld as %s is an error, not a score', async (provider, finish) => {
    const error = await judgeError(provider, { kind: 'answer', text: VERDICT, finish_reason: finish });
    expect(error.message).toMatch(
      /^judge model response could not be read: the judge's answer was withheld \(finish reason content-filter: a content filter or a refusal\)/,
    );
  });

  it('says a judge answered with a tool call, not that its answer was cut off', async () => {
    const error = await judgeError('openai', { kind: 'answer', tool_calls: [{ name: 'lookup', args: {} }] });
    expect(error.message).toMatch(
      /^judge model response could not be read: the judge answered with a tool call, not the JSON object asked for/,
    );
  });

  it('says an empty answer is empty, with its finish reason when that was not a stop', async () => {
    const error = await judgeError('openai', { kind: 'answer', text: '', finish_reason: 'content_filter' });
    expect(error.message).toMatch(/the judge's answer was withheld/);
    const other = await judgeError('openai', { kind: 'answer', text: ' ', finish_reason: 'weird' });
    expect(other.message).toMatch(
      /the judge answered with empty text, not the JSON object asked for \(finish reason other\)/,
    );
  });

  it('quotes an answer that is not JSON, without the SDK wording around it', async () => {
    const error = await judgeError('openai', { kind: 'answer', text: 'I would give it an 8.' });
    expect(error.message).toMatch(
      /^judge model response could not be read: the judge's answer is not the JSON object asked for: "I would give it an 8\." \(.+\) \(openai, /,
    );
    expect(error.message).not.toContain('Text:');
  });

  it('says a JSON answer cut off at the token limit was cut off', async () => {
    const error = await judgeError('openai', { kind: 'answer', text: '{"score": 0.8, "reas', finish_reason: 'length' });
    expect(error.message).toMatch(
      /the judge's answer is not the JSON object asked for, cut off at its token limit: "\{\\"score\\": 0\.8, \\"reas"/,
    );
  });
});
