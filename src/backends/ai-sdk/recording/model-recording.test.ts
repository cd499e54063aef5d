/**
 * Record, replay and cache through the real AI SDK (`generateText` over `wrapLanguageModel`), with the SDK's own
 * mock language model standing in for a provider.
 */
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateText, type LanguageModel, streamText } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../../core/redactor.js';
import { classifyModelError } from '../classify-model-error.js';
import { openModelRecording, type RecordingMode } from './model-recording.js';
import { responsesDir } from './response-cache.js';
import { recordedLatencyOf } from './stored-response.js';

const NO_SECRETS = createRedactor([]);
/** A judge's model: no test case. */
const JUDGE = { endpoint: 'http://127.0.0.1:1/v1' };

type Result = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;

function answer(text: string, inputTokens = 11): Result {
  return {
    content: [{ type: 'text', text }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: {
      inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: 0, cacheWrite: undefined },
      outputTokens: { total: 3, text: 3, reasoning: undefined },
    },
    response: { id: 'resp-1', modelId: 'gpt-4o-mini', timestamp: new Date('2026-01-02T03:04:05Z') },
    warnings: [],
  };
}

/** A model that answers each question with "A<n>" and counts its calls; `fail` makes it throw instead. */
function countingModel(options: { fail?: boolean } = {}) {
  let calls = 0;
  const model = new MockLanguageModelV3({
    provider: 'openai.chat',
    modelId: 'gpt-4o-mini',
    doGenerate: async () => {
      calls += 1;
      if (options.fail === true) throw Object.assign(new Error('Service Unavailable'), { statusCode: 503 });
      return answer(`A${calls}`);
    },
  });
  return { model, calls: () => calls };
}

/** `temperature`: null sets none. */
async function ask(model: LanguageModel, prompt: string, temperature: number | null = 0) {
  return generateText({ model, prompt, maxRetries: 0, ...(temperature === null ? {} : { temperature }) });
}

async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'holodeck-recording-'));
}

describe('record then replay', () => {
  it('replays each answer with its usage and response metadata, without calling the model, and reports its latency', async () => {
    const path = join(await tempDir(), 'run.cassette.jsonl');
    const live = countingModel();
    const recorder = await openModelRecording({ mode: 'record', path, label: 'run.cassette.jsonl' }, NO_SECRETS);
    const recorded = await ask(await recorder.wrap(live.model, JUDGE), 'what is 2+2?');
    expect(await recorder.close()).toBe('recorded 1 model request in run.cassette.jsonl');
    const offline = countingModel();
    const player = await openModelRecording({ mode: 'replay', path, label: 'run.cassette.jsonl' }, NO_SECRETS);
    const replayed = await ask(await player.wrap(offline.model, JUDGE), 'what is 2+2?');
    expect(offline.calls()).toBe(0);
    expect(replayed.text).toBe(recorded.text);
    expect(replayed.usage).toEqual(recorded.usage);
    expect(replayed.response.timestamp).toEqual(new Date('2026-01-02T03:04:05Z'));
    const entry = JSON.parse((await readFile(path, 'utf8')).trim()) as { latency_ms: number };
    expect(recordedLatencyOf(replayed.providerMetadata)).toBe(entry.latency_ms);
    expect(recordedLatencyOf(recorded.providerMetadata)).toBe(0);
    expect(await player.close()).toBe('replayed 1 model request from run.cassette.jsonl');
  });

  it('gives the same request made again its next recorded answer, and fails one made more often than recorded', async () => {
    const path = join(await tempDir(), 'c.jsonl');
    const live = countingModel();
    const recorder = await openModelRecording({ mode: 'record', path, label: 'c.jsonl' }, NO_SECRETS);
    const wrapped = await recorder.wrap(live.model, JUDGE);
    expect([(await ask(wrapped, 'q')).text, (await ask(wrapped, 'q')).text]).toEqual(['A1', 'A2']);
    expect(await recorder.close()).toBe('recorded 2 model requests (1 distinct, 1 made again) in c.jsonl');
    const player = await openModelRecording({ mode: 'replay', path, label: 'c.jsonl' }, NO_SECRETS);
    const replay = await player.wrap(countingModel().model, JUDGE);
    const texts = [];
    for (let i = 0; i < 2; i++) texts.push((await ask(replay, 'q')).text);
    expect(texts).toEqual(['A1', 'A2']);
    await expect(ask(replay, 'q')).rejects.toThrow(
      'request not recorded in c.jsonl this often: it was made 2 times in the recorded run (record again with as many --repeat)',
    );
  });

  it('answers a test case only what was recorded for it, whatever order the cases come in', async () => {
    const path = join(await tempDir(), 'c.jsonl');
    const live = countingModel();
    const recorder = await openModelRecording({ mode: 'record', path, label: 'c.jsonl' }, NO_SECRETS);
    const first = await recorder.wrap(live.model, { ...JUDGE, test_case: 'first' });
    const second = await recorder.wrap(live.model, { ...JUDGE, test_case: 'second' });
    expect([(await ask(first, 'q')).text, (await ask(second, 'q')).text]).toEqual(['A1', 'A2']);
    await recorder.close();
    const lines = (await readFile(path, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => [line.test_case, line.occurrence]).sort()).toEqual([
      ['first', 0],
      ['second', 0],
    ]);
    const player = await openModelRecording({ mode: 'replay', path, label: 'c.jsonl' }, NO_SECRETS);
    const offline = countingModel().model;
    expect((await ask(await player.wrap(offline, { ...JUDGE, test_case: 'second' }), 'q')).text).toBe('A2');
    expect((await ask(await player.wrap(offline, { ...JUDGE, test_case: 'first' }), 'q')).text).toBe('A1');
    await expect(ask(await player.wrap(offline, { ...JUDGE, test_case: 'third' }), 'q')).rejects.toThrow(
      /^request not recorded in c\.jsonl for test case "third": the same request was recorded for test case "(first|second)" \(renamed\? record again\)$/,
    );
  });

  it('never replaces a cassette with less than a whole run: nothing recorded keeps it, an interrupted run writes beside it', async () => {
    const path = join(await tempDir(), 'c.jsonl');
    const recorder = await openModelRecording({ mode: 'record', path, label: 'c.jsonl' }, NO_SECRETS);
    await ask(await recorder.wrap(countingModel().model, JUDGE), 'q');
    await recorder.close();
    const whole = await readFile(path, 'utf8');
    const unreachable = await openModelRecording({ mode: 'record', path, label: 'c.jsonl' }, NO_SECRETS);
    await expect(ask(await unreachable.wrap(countingModel({ fail: true }).model, JUDGE), 'q')).rejects.toThrow();
    expect(await unreachable.close()).toBe('recorded no model request: c.jsonl left as it was');
    expect(await readFile(path, 'utf8')).toBe(whole);
    const cut = await openModelRecording({ mode: 'record', path, label: 'c.jsonl' }, NO_SECRETS);
    await ask(await cut.wrap(countingModel().model, JUDGE), 'other');
    expect(await cut.close({ interrupted: true })).toBe(
      'run interrupted: recorded 1 model request in c.jsonl.partial; c.jsonl left as it was (a resumed run records nothing: run the whole suite with --record again for a complete cassette)',
    );
    expect(await readFile(path, 'utf8')).toBe(whole);
    expect(await readFile(`${path}.partial`, 'utf8')).toContain('"other"');
  });

  it('fails a request not in the cassette with the closest one and the differing field, never retried', async () => {
    const path = join(await tempDir(), 'c.jsonl');
    const recorder = await openModelRecording({ mode: 'record', path, label: 'c.jsonl' }, NO_SECRETS);
    await ask(await recorder.wrap(countingModel().model, JUDGE), 'what about in 2008?');
    await recorder.close();
    const player = await openModelRecording({ mode: 'replay', path, label: 'c.jsonl' }, NO_SECRETS);
    const error = await ask(await player.wrap(countingModel().model, JUDGE), 'what about in 2007?').catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toMatch(
      /^request not recorded in c\.jsonl: the closest recorded request \([0-9a-f]{12}\) differs at messages\[0\]\.content\[0\]\.text: recorded "what about in 2008\?", sent "what about in 2007\?"$/,
    );
    const verdict = classifyModelError(error, { provider: 'openai', endpoint: 'http://127.0.0.1:1/v1' });
    expect(verdict).toMatchObject({
      code: 'REQUEST_NOT_RECORDED',
      retryable: false,
      message: (error as Error).message,
    });
    expect(await player.close()).toBe('replayed 0 model requests from c.jsonl; 1 not recorded');
  });

  it('refuses an empty cassette, and streamed calls', async () => {
    const path = join(await tempDir(), 'empty.jsonl');
    await writeFile(path, '');
    await expect(openModelRecording({ mode: 'replay', path, label: 'empty.jsonl' }, NO_SECRETS)).rejects.toThrow(
      'the cassette empty.jsonl holds no recorded requests',
    );
    const recorder = await openModelRecording({ mode: 'record', path, label: 'empty.jsonl' }, NO_SECRETS);
    const model = await recorder.wrap(countingModel().model, JUDGE);
    const stream = streamText({ model, prompt: 'q', maxRetries: 0, onError: () => {} });
    await expect(stream.text).rejects.toThrow();
  });

  it('masks secrets in the requests and answers it records', async () => {
    const path = join(await tempDir(), 'c.jsonl');
    const redactor = createRedactor([{ name: 'LEDGER_TOKEN', value: 'tok-aaaa1111' }]);
    const echo = new MockLanguageModelV3({ doGenerate: async () => answer('your token is tok-aaaa1111') });
    const recorder = await openModelRecording({ mode: 'record', path, label: 'c.jsonl' }, redactor);
    await ask(await recorder.wrap(echo, JUDGE), 'my token is tok-aaaa1111');
    await recorder.close();
    const text = await readFile(path, 'utf8');
    expect(text).not.toContain('tok-aaaa1111');
    expect(text).toContain('my token is ***LEDGER_TOKEN');
    expect(text).toContain('your token is ***LEDGER_TOKEN');
  });
});

describe('the response cache', () => {
  const cache = (dir: string, explicit: boolean): RecordingMode => ({ mode: 'cache', dir, explicit });
  /** A cache folder as the CLI leaves it before the run: its answers' folder made. */
  const cacheDir = async () => {
    const dir = await tempDir();
    await mkdir(responsesDir(dir));
    return dir;
  };

  it('answers an unchanged request from disk on the next run, and stores nothing that failed', async () => {
    const dir = await cacheDir();
    const first = countingModel();
    const run1 = await openModelRecording(cache(dir, false), NO_SECRETS);
    expect((await ask(await run1.wrap(first.model, JUDGE), 'q')).text).toBe('A1');
    expect(await run1.close()).toBe(`cache ${dir}: 0 model requests answered from the cache, 1 stored`);
    const second = countingModel();
    const run2 = await openModelRecording(cache(dir, false), NO_SECRETS);
    const wrapped = await run2.wrap(second.model, JUDGE);
    expect((await ask(wrapped, 'q')).text).toBe('A1');
    expect(second.calls()).toBe(0);
    expect(await run2.close()).toBe(`cache ${dir}: 1 model request answered from the cache, 0 stored`);

    const failing = countingModel({ fail: true });
    const run3 = await openModelRecording(cache(dir, false), NO_SECRETS);
    const broken = await run3.wrap(failing.model, JUDGE);
    await expect(ask(broken, 'other')).rejects.toThrow('Service Unavailable');
    await expect(ask(broken, 'other')).rejects.toThrow('Service Unavailable');
    expect(failing.calls()).toBe(2);
  });

  it("keys the endpoint: another server's answer is never served for this one's", async () => {
    const dir = await cacheDir();
    const run1 = await openModelRecording(cache(dir, false), NO_SECRETS);
    expect((await ask(await run1.wrap(countingModel().model, JUDGE), 'q')).text).toBe('A1');
    await run1.close();
    const other = countingModel();
    const run2 = await openModelRecording(cache(dir, false), NO_SECRETS);
    const elsewhere = await run2.wrap(other.model, { endpoint: 'http://127.0.0.1:2/v1' });
    expect((await ask(elsewhere, 'q')).text).toBe('A1');
    expect(other.calls()).toBe(1);
    expect((await ask(await run2.wrap(countingModel().model, JUDGE), 'q')).text).toBe('A1');
    expect(await run2.close()).toBe(`cache ${dir}: 1 model request answered from the cache, 1 stored`);
  });

  it('caches requests with a temperature above 0, or none, only when --cache was given', async () => {
    const dir = await cacheDir();
    for (const temperature of [0.7, null]) {
      const fromConfig = countingModel();
      const run = await openModelRecording(cache(dir, false), NO_SECRETS);
      const model = await run.wrap(fromConfig.model, JUDGE);
      await ask(model, 'sampled', temperature);
      await ask(model, 'sampled', temperature);
      expect(fromConfig.calls()).toBe(2);
      expect(await run.close()).toBe(
        `cache ${dir}: 0 model requests answered from the cache, 0 stored; 2 not cached (temperature above 0 or unset: give --cache on the command line to cache them)`,
      );
    }
    // The same request twice in a run is two samples: each is stored, and the next run gets both back.
    for (const expected of [2, 0]) {
      const explicit = countingModel();
      const run = await openModelRecording(cache(dir, true), NO_SECRETS);
      const model = await run.wrap(explicit.model, JUDGE);
      await ask(model, 'sampled', 0.7);
      await ask(model, 'sampled', 0.7);
      expect(explicit.calls()).toBe(expected);
      await run.close();
    }
  });

  it('asks again for an answer whose cache file is unreadable', async () => {
    const dir = await cacheDir();
    const run1 = await openModelRecording(cache(dir, false), NO_SECRETS);
    await ask(await run1.wrap(countingModel().model, JUDGE), 'q');
    const { readdir } = await import('node:fs/promises');
    const sub = (await readdir(join(dir, 'responses')))[0]!;
    const file = (await readdir(join(dir, 'responses', sub)))[0]!;
    await writeFile(join(dir, 'responses', sub, file), '{ not json');
    const again = countingModel();
    const run2 = await openModelRecording(cache(dir, false), NO_SECRETS);
    expect((await ask(await run2.wrap(again.model, JUDGE), 'q')).text).toBe('A1');
    expect(again.calls()).toBe(1);
    // An answer without the token counts the client reads is asked for again too, not served half.
    const stored = JSON.parse(await readFile(join(dir, 'responses', sub, file), 'utf8'));
    delete stored.response.usage;
    await writeFile(join(dir, 'responses', sub, file), JSON.stringify(stored));
    const third = countingModel();
    const run3 = await openModelRecording(cache(dir, false), NO_SECRETS);
    expect((await ask(await run3.wrap(third.model, JUDGE), 'q')).text).toBe('A1');
    expect(third.calls()).toBe(1);
  });
});
