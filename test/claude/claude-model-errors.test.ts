import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentTurnError } from '../../src/core/errors.js';
import { createConvFinQaScript, JKHY_2009 } from '../fakes/convfinqa-script.js';
import { lastUserText } from '../fakes/fake-request-view.js';
import type { FakeReply, FakeRequest } from '../fakes/fake-script.js';
import { turnRequest } from '../fakes/fixtures/agent-config.js';
import { financeTools } from '../fakes/fixtures/tool-configs.js';
import { type ClaudeFixture, type ClaudeFixtureOptions, startClaudeFixture } from './helpers/claude-fixture.js';

const [Q1, Q2, Q3] = [JKHY_2009.turns[0].input, JKHY_2009.turns[1].input, JKHY_2009.turns[2].input];
const convfinqa = createConvFinQaScript();
const asks = (request: FakeRequest, question: string) => lastUserText(request).endsWith(question);

let fixture: ClaudeFixture | null = null;
afterEach(async () => {
  await fixture?.close();
  fixture = null;
});

/** Runs turn 0 of a fresh session, which must fail, and returns its error. */
async function firstTurnError(started: ClaudeFixture): Promise<AgentTurnError> {
  const session = await started.backend.openSession({ test_case_name: 'c', signal: new AbortController().signal });
  const error = await session.send(turnRequest(0, Q1)).then(
    () => null,
    (e: unknown) => e,
  );
  await session.close();
  expect(error).toBeInstanceOf(AgentTurnError);
  return error as AgentTurnError;
}

/** Runs turn 0 (fine) and turn 1 (answered by `fault`), and returns turn 1's error. */
async function failingTurn(fault: FakeReply, options: ClaudeFixtureOptions = {}): Promise<AgentTurnError> {
  fixture = await startClaudeFixture((request) => (asks(request, Q2) ? fault : convfinqa(request)), {
    tools: financeTools(),
    ...options,
  });
  const session = await fixture.backend.openSession({ test_case_name: 'c', signal: new AbortController().signal });
  expect((await session.send(turnRequest(0, Q1))).response).toBe('206588');
  const error = await session.send(turnRequest(1, Q2)).then(
    () => null,
    (e: unknown) => e,
  );
  // The session goes on after a failed turn, with the failed turn left out of the history.
  if (error instanceof AgentTurnError && !error.unrecoverable) {
    expect((await session.send(turnRequest(2, Q3))).response).toBe('25587');
  }
  await session.close();
  expect(error).toBeInstanceOf(AgentTurnError);
  return error as AgentTurnError;
}

const requestsFor = (question: string) => fixture?.server.requests.filter((r) => asks(r, question)) ?? [];

describe('claude_agent_sdk backend: model errors end the turn with a message a user can act on', () => {
  it('a server error, retried within execution.max_retries', async () => {
    const error = await failingTurn({ kind: 'error', status: 500, message: 'the database is down' });
    expect(error).toMatchObject({ code: 'MODEL_HTTP_ERROR', unrecoverable: false });
    expect(error.message).toMatch(/^model request failed: API Error: 500 the database is down/);
    expect(error.message).toContain(`(anthropic, ${fixture?.gateway.url})`);
    expect(error.message).toMatch(/gave up after 1 retry$/);
    expect(requestsFor(Q2)).toHaveLength(2);
  });

  it('a failed turn tells its retries and its usage to the turn journals, as the AI SDK backend does', async () => {
    fixture = await startClaudeFixture(() => ({ kind: 'error', status: 500, message: 'the database is down' }), {
      max_retries: 2,
    });
    const session = await fixture.backend.openSession({ test_case_name: 'c', signal: new AbortController().signal });
    const retried: string[] = [];
    const used: unknown[] = [];
    const request = {
      ...turnRequest(0, Q1),
      retries: { record: (reason: string) => void retried.push(reason) },
      usage: { record: (usage: unknown) => void used.push(usage) },
    };
    const error = await session.send(request).then(
      () => null,
      (e: unknown) => e,
    );
    await session.close();
    expect((error as Error).message).toMatch(/gave up after 2 retries$/);
    expect(retried).toHaveLength(2);
    expect(retried[0]).toMatch(/500 the database is down/);
    expect(used).toHaveLength(1);
  });

  it('a rate limit', async () => {
    const error = await failingTurn(
      { kind: 'error', status: 429, message: 'slow down', headers: { 'retry-after': '0' } },
      { max_retries: 0 },
    );
    expect(error).toMatchObject({ code: 'MODEL_HTTP_ERROR', unrecoverable: false });
    expect(error.message).toMatch(/429/);
    expect(error.message).toContain('slow down');
    expect(requestsFor(Q2)).toHaveLength(1);
  });

  it('a stream that breaks off', async () => {
    const error = await failingTurn(
      { kind: 'cut', text: 'The net cash in 2008 was one hundred and eighty-one thousand' },
      {
        max_retries: 0,
      },
    );
    expect(error).toMatchObject({ code: 'MODEL_CONNECTION', unrecoverable: false });
    expect(error.message).toMatch(/^model request failed: .*connection/i);
  });

  // Claude Code asks the model to go on when an answer reaches its output token limit, and ends the turn when it
  // still cannot finish (the AI SDK backend answers with `answer_cut_off` instead).
  it('an answer that stays cut off at the output token limit', async () => {
    fixture = await startClaudeFixture(() => ({
      kind: 'answer',
      text: 'The net cash in',
      finish_reason: 'max_tokens',
    }));
    const error = await firstTurnError(fixture);
    expect(error.message).toMatch(
      /^model request failed: .*output token maximum\. To allow longer answers, raise model\.max_tokens\./,
    );
    expect(error.message).not.toContain('CLAUDE_CODE_MAX_OUTPUT_TOKENS');
    expect(fixture.server.requests.length).toBeGreaterThan(1);
  });

  // What it answers when asked to go on is the rest of the same answer: the turn's answer is both parts.
  it('an answer cut off at the output token limit and finished when asked to go on is the whole answer', async () => {
    fixture = await startClaudeFixture((request) =>
      request.index === 0
        ? { kind: 'answer', text: 'The difference is 25,', finish_reason: 'max_tokens' }
        : { kind: 'answer', text: '587.' },
    );
    const session = await fixture.backend.openSession({ test_case_name: 'c', signal: new AbortController().signal });
    const turn = await session.send(turnRequest(0, Q1));
    const next = await session.send(turnRequest(1, Q2));
    await session.close();
    expect(turn.response).toBe('The difference is 25,587.');
    expect(turn.answer_cut_off).toBeUndefined();
    expect(fixture.server.requests).toHaveLength(3);
    // The next turn's answer is its own alone.
    expect(next.response).toBe('587.');
  });

  it('a bad key, which ends the session', async () => {
    const error = await failingTurn({ kind: 'error', status: 401, message: 'invalid x-api-key' }, { max_retries: 2 });
    expect(error).toMatchObject({ code: 'MODEL_AUTH', unrecoverable: true });
    expect(error.message).toMatch(/check model\.api_key or the ANTHROPIC_API_KEY environment variable$/);
    expect(error.message).toMatch(/gave up after 2 retries/);
    expect(requestsFor(Q2)).toHaveLength(3);
  });
});

describe('claude_agent_sdk backend: an endpoint nobody answers', () => {
  it('fails the first turn as unreachable, which ends the session', async () => {
    const closedPort = await freePort();
    fixture = await startClaudeFixture(convfinqa, { endpoint: () => `http://127.0.0.1:${closedPort}`, max_retries: 0 });
    const error = await firstTurnError(fixture);
    expect(error).toMatchObject({ code: 'MODEL_UNREACHABLE', unrecoverable: true });
    expect(error.message).toMatch(
      new RegExp(`ECONNREFUSED.*\\(anthropic, http://127\\.0\\.0\\.1:${closedPort}\\) — check model\\.endpoint`),
    );
  });
});

/** A port nothing listens on (bound, then released). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address !== null ? address.port : 0;
}
