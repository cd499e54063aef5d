import { afterEach, describe, expect, it } from 'vitest';
import {
  type AiSdkJudgeOptions,
  createAiSdkJudge,
  JudgeCallError,
} from '../../src/backends/ai-sdk/create-ai-sdk-judge.js';
import type { GEvalMetricConfig, ProviderName } from '../../src/core/config-types.js';
import { BackendStartError } from '../../src/core/errors.js';
import { EvaluatorError } from '../../src/evaluators/evaluator-error.js';
import { createGEvalEvaluator } from '../../src/evaluators/geval.js';
import type { FakeRequest, FakeScript } from '../fakes/fake-script.js';
import { modelConfig } from '../fakes/fixtures/agent-config.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';

const SCHEMA = {
  type: 'object',
  properties: { score: { type: 'number' }, reasoning: { type: 'string' } },
  required: ['score', 'reasoning'],
  additionalProperties: false,
};
const VERDICT = { score: 0.8, reasoning: 'the answer matches the ground truth' };

/** Answers with the verdict the way the provider asked for structured output: a `json` tool, or JSON text. */
const judgeScript: FakeScript = (request: FakeRequest) =>
  request.tools.some((t) => t.name === 'json')
    ? { kind: 'answer', tool_calls: [{ name: 'json', args: VERDICT }] }
    : { kind: 'answer', text: JSON.stringify(VERDICT) };

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

function request(signal = new AbortController().signal, timeout_ms: number | null = null) {
  return {
    system: 'You grade answers.',
    prompt: 'Grade: 25587 vs 25587',
    schema: SCHEMA,
    schema_name: 'verdict',
    signal,
    timeout_ms,
  };
}

function judgeFor(provider: ProviderName, url: string, delays: number[] = [], options: AiSdkJudgeOptions = {}) {
  const endpoint = provider === 'openai' ? `${url}/v1` : url;
  return createAiSdkJudge(
    modelConfig({ provider, name: 'judge-model', endpoint, api_key: 'k' }),
    {},
    {
      sleep: async (ms) => {
        delays.push(ms);
      },
      ...options,
    },
  );
}

describe('createAiSdkJudge', () => {
  it.each(['openai', 'anthropic', 'ollama'] as const)('returns the structured verdict over %s', async (provider) => {
    server = await startFakeModelServer(judgeScript);
    const verdict = await judgeFor(provider, server.url).judge(request());
    expect(verdict).toEqual(VERDICT);
    const sent = server.requests[0];
    expect(sent?.stream).toBe(false);
    expect(sent?.system).toBe('You grade answers.');
    if (provider === 'openai') {
      expect(sent?.body['response_format']).toMatchObject({ type: 'json_schema', json_schema: { name: 'verdict' } });
    }
  });

  it("sends a 429 again once its model's limiter has waited, and then answers", async () => {
    server = await startFakeModelServer((r) =>
      r.index === 0 ? { kind: 'error', status: 429, headers: { 'retry-after-ms': '7' } } : judgeScript(r),
    );
    const delays: number[] = [];
    await expect(judgeFor('openai', server.url, delays).judge(request())).resolves.toEqual(VERDICT);
    // The limiter waited the 7 ms; the judge's own backoff was not used.
    expect(delays).toEqual([]);
    expect(server.requests).toHaveLength(2);
  });

  it('fails with the provider message on a 401, without retrying', async () => {
    server = await startFakeModelServer(judgeScript, { require_api_key: 'right' });
    const error = await judgeFor('openai', server.url)
      .judge(request())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JudgeCallError);
    expect((error as JudgeCallError).code).toBe('MODEL_AUTH');
    expect((error as Error).message).toMatch(/^judge model request failed: 401 Incorrect API key provided/);
    expect(server.requests).toHaveLength(1);
  });

  it('reads a verdict sent inside a Markdown code fence, as local models often send it', async () => {
    for (const fence of ['```json\n', '```\n', '  ```JSON  \n']) {
      server = await startFakeModelServer(() => ({
        kind: 'answer',
        text: `${fence}${JSON.stringify(VERDICT)}\n\`\`\`\n`,
      }));
      await expect(judgeFor('ollama', server.url).judge(request())).resolves.toEqual(VERDICT);
      await server.close();
      server = null;
    }
    // Text around the fence is not a verdict.
    server = await startFakeModelServer(() => ({
      kind: 'answer',
      text: `Here:\n\`\`\`json\n${JSON.stringify(VERDICT)}\n\`\`\``,
    }));
    await expect(judgeFor('ollama', server.url).judge(request())).rejects.toThrow(JudgeCallError);
  });

  it('fails when the model answers something that is not the object', async () => {
    server = await startFakeModelServer(() => ({ kind: 'answer', text: 'I think it is fine.' }));
    await expect(judgeFor('openai', server.url).judge(request())).rejects.toThrow(JudgeCallError);
  });

  it('stops when the signal aborts', async () => {
    server = await startFakeModelServer(() => ({ kind: 'answer', text: '{}', delay_ms: 10_000 }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('evaluation timed out')), 50);
    await expect(judgeFor('openai', server.url).judge(request(controller.signal))).rejects.toThrow(
      'judge call aborted',
    );
  });

  it('reports a missing key when it is first used', async () => {
    const judge = createAiSdkJudge(modelConfig({ provider: 'anthropic', name: 'claude-x' }), {});
    await expect(judge.judge(request())).rejects.toThrow(BackendStartError);
  });

  it('ends a call the judge never answers as JUDGE_TIMEOUT, naming the timeout', async () => {
    server = await startFakeModelServer(() => ({ kind: 'answer', text: '{}', delay_ms: 600_000 }));
    const error = await judgeFor('openai', server.url, [], { timeout_ms: 300 })
      .judge(request())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JudgeCallError);
    expect(error).toMatchObject({ code: 'JUDGE_TIMEOUT' });
    // What the request was doing when the time ran out: the server never sent its headers.
    expect((error as Error).message).toMatch(
      /^judge call timed out after 300 ms — the model request to http:\/\/127\.0\.0\.1:\d+ had no response headers 0\.\d s after it was sent$/,
    );
    expect(server.requests).toHaveLength(1);
  });

  it("takes the request's timeout_ms over the judge's", async () => {
    server = await startFakeModelServer(() => ({ kind: 'answer', text: '{}', delay_ms: 600_000 }));
    const judge = judgeFor('openai', server.url, [], { timeout_ms: 600_000 });
    await expect(judge.judge(request(undefined, 200))).rejects.toThrow('judge call timed out after 200 ms');
  });

  it('retries within the deadline, and the deadline covers the retries', async () => {
    server = await startFakeModelServer((r) =>
      r.index < 2 ? { kind: 'error', status: 503 } : { kind: 'answer', text: '{}', delay_ms: 600_000 },
    );
    const judge = createAiSdkJudge(
      modelConfig({ provider: 'openai', name: 'judge-model', endpoint: `${server.url}/v1`, api_key: 'k' }),
      {},
      { timeout_ms: 400, retry: { max_retries: 5, base_delay_ms: 1, max_delay_ms: 1 } },
    );
    const error = await judge.judge(request()).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'JUDGE_TIMEOUT' });
    expect((error as Error).message).toMatch(
      /— while retrying: 2 judge requests retried, the last after ".*503.*" — the model request to \S+ had no response headers/,
    );
    expect(server.requests).toHaveLength(3);
  });

  it('keeps sending a judge call that gets 429s, without counting them against max_retries', async () => {
    server = await startFakeModelServer((r) =>
      r.index < 3 ? { kind: 'error', status: 429, headers: { 'retry-after-ms': '1' } } : judgeScript(r),
    );
    const judge = judgeFor('openai', server.url, [], { retry: { max_retries: 0 } });
    await expect(judge.judge(request())).resolves.toEqual(VERDICT);
    expect(server.requests).toHaveLength(4);
  });

  it('ends a judge call held by a long 429 back-off at its deadline', async () => {
    server = await startFakeModelServer(() => ({ kind: 'error', status: 429, headers: { 'retry-after': '30' } }));
    const judge = judgeFor('openai', server.url, [], { timeout_ms: 300 });
    const error = await judge.judge(request()).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'JUDGE_TIMEOUT' });
    // What held it up is said, not only the timeout.
    expect((error as Error).message).toMatch(
      /^judge call timed out after 300 ms — while retrying: 1 judge request retried, the last after ".*429.*" — a model request was never sent: it waited 0\.\d s for holodeck's back-off for judge-model after its 429s — its last 429 asked to wait 30 s$/,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('says when the wait a 429 asked for is beyond what the limiter holds', async () => {
    server = await startFakeModelServer(() => ({ kind: 'error', status: 429, headers: { 'retry-after': '3600' } }));
    const judge = judgeFor('openai', server.url, [], { timeout_ms: 300 });
    const error = await judge.judge(request()).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(
      /it waited 0\.\d s for holodeck's back-off for judge-model after its 429s — its last 429 asked to wait 3600 s \(held to 60 s\)$/,
    );
  });

  it('says a judge answered with empty text, and asks it again like any unreadable answer', async () => {
    server = await startFakeModelServer(() => ({ kind: 'answer', text: '' }));
    const judge = judgeFor('openai', server.url, [], { retry: { max_retries: 1, base_delay_ms: 1, max_delay_ms: 1 } });
    const error = await judge.judge(request()).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(
      /^judge model response could not be read: the judge answered with empty text, not the JSON object asked for \(openai, .*\) — gave up after 1 retry$/,
    );
    expect(server.requests).toHaveLength(2);
  });

  it('gives up a judge that keeps failing after max_retries', async () => {
    server = await startFakeModelServer(() => ({ kind: 'error', status: 500 }));
    const judge = judgeFor('openai', server.url, [], { retry: { max_retries: 2 } });
    const error = await judge.judge(request()).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'MODEL_HTTP_ERROR' });
    expect((error as Error).message).toMatch(/^judge .*500.* — gave up after 2 retries$/);
    expect(server.requests).toHaveLength(3);
  });

  it('makes a stalled judge an error of the metric that names the metric and its timeout_ms', async () => {
    server = await startFakeModelServer(() => ({ kind: 'answer', text: '{}', delay_ms: 600_000 }));
    const metric: GEvalMetricConfig = {
      type: 'geval',
      name: 'tone',
      enabled: true,
      threshold: null,
      criteria: 'Polite.',
      evaluation_steps: ['Check the tone.'],
      timeout_ms: 250,
    };
    const evaluator = createGEvalEvaluator(metric, judgeFor('openai', server.url));
    const error = await evaluator
      .evaluate({
        test_case_name: 't',
        turn_index: 0,
        turn_input: 'hi',
        agent_response: 'hello',
        ground_truth: null,
        retrieval_context: null,
        tool_invocations: [],
        turn_config: {},
        turn: {},
        earlier_turns: [],
        signal: new AbortController().signal,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EvaluatorError);
    expect(error).toMatchObject({ code: 'JUDGE_TIMEOUT' });
    expect((error as Error).message).toMatch(
      /^judge call for metric "tone" failed: judge call timed out after 250 ms — the model request to \S+ had no response headers 0\.\d s after it was sent \(timeout_ms: 250; raise the metric's timeout_ms\)$/,
    );
  });
});
