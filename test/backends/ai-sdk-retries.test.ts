import { afterEach, describe, expect, it } from 'vitest';
import { createAiSdkBackend } from '../../src/backends/ai-sdk/create-ai-sdk-backend.js';
import type { Sleep } from '../../src/backends/ai-sdk/retry-policy.js';
import type { AgentSession } from '../../src/core/backend.js';
import type { ModelConfig, ProviderName } from '../../src/core/config-types.js';
import { AgentTurnError } from '../../src/core/errors.js';
import { loadToolSet } from '../../src/tools/load-tool-set.js';
import { createConvFinQaScript } from '../fakes/convfinqa-script.js';
import type { FakeReply, FakeScript } from '../fakes/fake-script.js';
import { agentConfig, modelConfig, turnRequest } from '../fakes/fixtures/agent-config.js';
import { financeTools } from '../fakes/fixtures/tool-configs.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';

const QUESTION = 'what is the difference?';
const convfinqa = createConvFinQaScript();

/** Answers request n (0-based) with `faults[n]` when set, else like the ConvFinQA script. */
function faulty(faults: Readonly<Record<number, FakeReply>>): FakeScript {
  return (request) => faults[request.index] ?? convfinqa(request);
}

function model(provider: ProviderName, url: string): ModelConfig {
  const endpoint = provider === 'openai' ? `${url}/v1` : url;
  return modelConfig({ provider, name: 'm', endpoint, api_key: 'k' });
}

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

interface Harness {
  readonly session: AgentSession;
  readonly delays: number[];
}

async function open(
  script: FakeScript,
  options: { provider?: ProviderName; max_retries?: number; url?: string; sleep?: Sleep } = {},
): Promise<Harness> {
  server = await startFakeModelServer(script);
  const delays: number[] = [];
  const sleep: Sleep =
    options.sleep ??
    (async (ms) => {
      delays.push(ms);
    });
  const config = agentConfig({
    model: model(options.provider ?? 'openai', options.url ?? server.url),
    tools: financeTools(),
    max_retries: options.max_retries ?? 3,
  });
  const backend = await createAiSdkBackend(config, {
    env: {},
    toolSet: await loadToolSet(financeTools()),
    random: () => 0,
    retry: { base_delay_ms: 100, max_delay_ms: 1000 },
    sleep,
  });
  const session = await backend.openSession({ test_case_name: 'retries', signal: new AbortController().signal });
  return { session, delays };
}

async function turnError(promise: Promise<unknown>): Promise<AgentTurnError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AgentTurnError);
  return error as AgentTurnError;
}

/** A turn's retry journal: the reasons of requests sent again, and of failures waiting to be. */
function retryJournal() {
  const retried: string[] = [];
  const waited: string[] = [];
  const retries = {
    record: (reason: string) => void retried.push(reason),
    waiting: (reason: string) => void waited.push(reason),
  };
  return { retried, waited, retries };
}

describe('ai_sdk backend retries', () => {
  it("sends a 429 again once the model's limiter has waited the retry-after-ms, counted as a retry", async () => {
    const { session, delays } = await open(
      faulty({ 0: { kind: 'error', status: 429, message: 'slow down', headers: { 'retry-after-ms': '25' } } }),
    );
    const started = performance.now();
    const turn = await session.send(turnRequest(0, QUESTION));
    expect(turn.response).toBe('25587');
    expect(turn.retries).toBe(1);
    // The limiter held the call for the 25 ms; the session's own backoff was not used.
    expect(performance.now() - started).toBeGreaterThanOrEqual(24);
    expect(delays).toEqual([]);
    expect(server?.requests).toHaveLength(3);
  });

  it('does not count 429s against max_retries', async () => {
    const slowDown: FakeReply = { kind: 'error', status: 429, headers: { 'retry-after-ms': '1' } };
    const { session } = await open(faulty({ 0: slowDown, 1: slowDown, 2: slowDown }), { max_retries: 0 });
    const turn = await session.send(turnRequest(0, QUESTION));
    expect(turn.response).toBe('25587');
    expect(turn.retries).toBe(3);
  });

  it('retries 500s with exponential backoff', async () => {
    const { session, delays } = await open(
      faulty({ 0: { kind: 'error', status: 500 }, 1: { kind: 'error', status: 503 } }),
    );
    const turn = await session.send(turnRequest(0, QUESTION));
    expect(turn.response).toBe('25587');
    expect(turn.retries).toBe(2);
    expect(delays).toEqual([50, 100]);
  });

  it('retries a connection reset', async () => {
    const { session } = await open(faulty({ 0: { kind: 'reset' } }));
    const turn = await session.send(turnRequest(0, QUESTION));
    expect(turn.response).toBe('25587');
    expect(turn.retries).toBe(1);
  });

  it.each(['openai', 'anthropic', 'ollama'] as const)(
    'retries a %s stream cut after a tool ran, without running the tool again',
    async (provider) => {
      const { session } = await open(faulty({ 1: { kind: 'cut', text: 'The difference is 25587 exactly.' } }), {
        provider,
      });
      const turn = await session.send(turnRequest(0, QUESTION));
      expect(turn.response).toBe('25587');
      expect(turn.retries).toBe(1);
      expect(turn.tool_invocations.map((c) => c.name)).toEqual(['subtract']);
      const requests = server?.requests ?? [];
      expect(requests).toHaveLength(3);
      // The retry re-sends the conversation so far, including the completed tool step.
      expect(requests[2]?.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
      expect(requests[2]?.messages).toEqual(requests[1]?.messages);
    },
  );

  it('gives up after execution.max_retries and says so', async () => {
    const { session } = await open(() => ({ kind: 'error', status: 500, message: 'upstream down' }), {
      max_retries: 2,
    });
    const retried: string[] = [];
    const request = { ...turnRequest(0, QUESTION), retries: { record: (reason: string) => void retried.push(reason) } };
    const error = await turnError(session.send(request));
    expect(error.message).toMatch(
      /^model request failed: 500 upstream down \(openai, http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions\) — gave up after 2 retries$/,
    );
    // Each retry is told as it is made, so a turn that fails still counts them.
    expect(retried).toHaveLength(2);
    expect(retried[0]).toMatch(/^model request failed: 500 upstream down/);
    expect(error.code).toBe('MODEL_HTTP_ERROR');
    expect(error.unrecoverable).toBe(false);
    expect(server?.requests).toHaveLength(3);
  });

  it('gives each model request of a turn its own max_retries, the one after a tool call too', async () => {
    const down: FakeReply = { kind: 'error', status: 500, message: 'upstream down' };
    // Requests 0-1 fail, 2 calls a tool; 3-4 fail, 5 answers: two retries for each of the turn's two requests.
    const { session } = await open(faulty({ 0: down, 1: down, 3: down, 4: down }), { max_retries: 2 });
    const turn = await session.send(turnRequest(0, QUESTION));
    expect(turn.tool_invocations.map((call) => call.name)).toEqual(['subtract']);
    expect(turn.retries).toBe(4);
    expect(server?.requests).toHaveLength(6);
  });

  it('does not retry a 400 and keeps the session usable', async () => {
    const { session } = await open(faulty({ 0: { kind: 'error', status: 400, message: 'bad tool schema' } }));
    const error = await turnError(session.send(turnRequest(0, 'first question')));
    expect(error.message).toContain('400 bad tool schema');
    expect(error.unrecoverable).toBe(false);
    expect(server?.requests).toHaveLength(1);
    const next = await session.send(turnRequest(1, QUESTION));
    expect(next.response).toBe('25587');
    // The failed turn left no trace in the history.
    expect(server?.requests[1]?.messages.map((m) => m.role)).toEqual(['user']);
  });

  it('reports a 401 as unrecoverable without retrying', async () => {
    server = await startFakeModelServer(convfinqa, { require_api_key: 'the-right-key' });
    const config = agentConfig({
      model: modelConfig({ provider: 'anthropic', name: 'claude-x', endpoint: server.url, api_key: 'wrong' }),
    });
    const backend = await createAiSdkBackend(config, { env: {}, toolSet: await loadToolSet([]) });
    const session = await backend.openSession({ test_case_name: 'auth', signal: new AbortController().signal });
    const error = await turnError(session.send(turnRequest(0, QUESTION)));
    expect(error.message).toMatch(
      /^model request failed: 401 invalid x-api-key \(anthropic, http:\/\/127\.0\.0\.1:\d+\/v1\/messages\)/,
    );
    expect(error.message).toContain('model.api_key');
    expect(error.code).toBe('MODEL_AUTH');
    expect(error.unrecoverable).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('reports an unreachable endpoint as unrecoverable after retrying', async () => {
    const closed = await startFakeModelServer(convfinqa);
    const url = closed.url;
    await closed.close();
    const { session, delays } = await open(convfinqa, { url, max_retries: 2 });
    const error = await turnError(session.send(turnRequest(0, QUESTION)));
    expect(error.message).toMatch(
      /cannot reach the model endpoint: ECONNREFUSED \(openai, http:\/\/127\.0\.0\.1:\d+\/v1.*\) — gave up after 2 retries/,
    );
    expect(error.code).toBe('MODEL_UNREACHABLE');
    expect(error.unrecoverable).toBe(true);
    expect(delays).toHaveLength(2);
  });

  it('stops a slow model call when the turn signal aborts', async () => {
    const { session } = await open(() => ({ kind: 'answer', text: 'late', delay_ms: 10_000 }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('turn timed out after 0.1s')), 100);
    const started = Date.now();
    const error = await turnError(session.send(turnRequest(0, QUESTION, controller.signal)));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(error.code).toBe('TURN_ABORTED');
    expect(error.message).toBe('turn aborted: turn timed out after 0.1s');
  });

  it('never waits past the turn signal between retries', async () => {
    const controller = new AbortController();
    const sleep: Sleep = (_ms, signal) =>
      new Promise((_resolve, reject) => {
        controller.abort(new Error('turn timed out'));
        reject(signal.reason);
      });
    const { session } = await open(() => ({ kind: 'error', status: 503, headers: { 'retry-after': '30' } }), { sleep });
    const { retried, waited, retries } = retryJournal();
    const request = { ...turnRequest(0, QUESTION, controller.signal), retries };
    const error = await turnError(session.send(request));
    expect(error.code).toBe('TURN_ABORTED');
    expect(server?.requests).toHaveLength(1);
    // What the turn was waiting to retry is said, so a timeout in the wait names the 503; it was not sent again,
    // so it is no retry.
    expect(waited).toHaveLength(1);
    expect(waited[0]).toMatch(/503/);
    expect(retried).toEqual([]);
  });

  it("ends a turn held by its model's 429 back-off when the turn's signal aborts", async () => {
    const controller = new AbortController();
    const { session } = await open(() => ({ kind: 'error', status: 429, headers: { 'retry-after': '30' } }));
    setTimeout(() => controller.abort(new Error('turn timed out after 0.1s')), 100);
    const started = Date.now();
    const { retried, waited, retries } = retryJournal();
    const request = { ...turnRequest(0, QUESTION, controller.signal), retries };
    const error = await turnError(session.send(request));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(error.code).toBe('TURN_ABORTED');
    expect(error.message).toBe('turn aborted: turn timed out after 0.1s');
    expect(server?.requests).toHaveLength(1);
    // Held by the limiter, never sent again: a failure waiting for its retry, not a retry.
    expect(waited).toEqual([expect.stringMatching(/429/)]);
    expect(retried).toEqual([]);
  });
});
