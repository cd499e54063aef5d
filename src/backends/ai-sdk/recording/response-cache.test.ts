/**
 * The response cache's files read back: only a regular file holding the answer to the very request looked up,
 * with an answer and a latency the run can use, is served; any other is asked for again, replaced, and said in
 * the run's cache line.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StoredCall } from './model-call-store.js';
import type { RecordedRequest } from './normalize-request.js';
import { type KeyedRequest, requestKey } from './request-key.js';
import { createResponseCache, responsesDir } from './response-cache.js';

const ENDPOINT = 'http://127.0.0.1:1/v1';

function keyed(question: string, testCase: string | null = 'case a'): KeyedRequest {
  const request: RecordedRequest = {
    provider: 'openai.chat',
    model: 'gpt-4o-mini',
    messages: [{ role: 'user', content: [{ type: 'text', text: question }] }],
    parameters: { temperature: 0 },
  };
  return { key: requestKey(request, { test_case: testCase, endpoint: ENDPOINT }), request, test_case: testCase };
}

const CALL: StoredCall = {
  response: {
    content: [{ type: 'text', text: '42' }],
    finishReason: { unified: 'stop' },
    usage: { inputTokens: { total: 10, noCache: 10 }, outputTokens: { total: 3 } },
  },
  latency_ms: 120,
};

/** A cache folder as the CLI leaves it before the run, and the file of a request's first answer in it. */
async function cacheDir() {
  const dir = await mkdtemp(join(tmpdir(), 'holodeck-cache-'));
  await mkdir(responsesDir(dir));
  return { dir, fileOf: (request: KeyedRequest) => answerFile(dir, request) };
}

function answerFile(dir: string, request: KeyedRequest): string {
  return join(responsesDir(dir), request.key.slice(0, 2), `${request.key}.json`);
}

/** A run of the cache: the request looked up (and, when missed, answered and stored), and its cache line. */
async function lookUp(dir: string, request: KeyedRequest) {
  const cache = createResponseCache({ dir, explicit: false });
  const found = await cache.find(request);
  if (found === null) await cache.save(request, CALL);
  return { found, line: await cache.close() };
}

/** Stores an answer to the request; the entry its file holds. */
async function fill(dir: string, request: KeyedRequest): Promise<Record<string, unknown>> {
  await lookUp(dir, request);
  return JSON.parse(await readFile(answerFile(dir, request), 'utf8')) as Record<string, unknown>;
}

describe('the response cache', () => {
  it('serves the answer stored for a request on the next run', async () => {
    const { dir } = await cacheDir();
    const asked = keyed('what is six times seven?');
    expect((await lookUp(dir, asked)).found).toBeNull();
    const again = await lookUp(dir, asked);
    expect(again.found).toEqual(CALL);
    expect(again.line).toBe(`cache ${dir}: 1 model request answered from the cache, 0 stored`);
  });

  it('says how many answers could not be stored, and why the first could not', async () => {
    const { dir } = await cacheDir();
    const asked = [keyed('one'), keyed('two'), keyed('three')];
    // Where each answer's folder goes, a file: every answer's write fails, as on a full disk.
    for (const request of asked) await writeFile(join(responsesDir(dir), request.key.slice(0, 2)), '');
    const cache = createResponseCache({ dir, explicit: false });
    for (const request of asked) await cache.save(request, CALL);
    expect(await cache.close()).toBe(
      `cache ${dir}: 0 model requests answered from the cache, 0 stored; 3 could not be stored (ENOTDIR: not a directory)`,
    );
  });

  it('reads no named pipe in place of an answer: asks again at once, replaces it and says so', async () => {
    const { dir, fileOf } = await cacheDir();
    const asked = keyed('q');
    await mkdir(join(responsesDir(dir), asked.key.slice(0, 2)));
    execFileSync('mkfifo', [fileOf(asked)]);
    const run = await lookUp(dir, asked);
    expect(run.found).toBeNull();
    expect(run.line).toBe(
      `cache ${dir}: 0 model requests answered from the cache, 1 stored; 1 cached answer could not be used and was asked for again: ${fileOf(asked)}: it is a named pipe (FIFO), not a file`,
    );
    expect((await lookUp(dir, asked)).found).toEqual(CALL);
  }, 5000);

  it.each([
    ['the key edited', (entry: Record<string, unknown>) => ({ ...entry, key: 'f'.repeat(32) })],
    ['the request edited', (entry: Record<string, unknown>) => ({ ...entry, request: keyed('other').request })],
    ['the test case edited', (entry: Record<string, unknown>) => ({ ...entry, test_case: 'case b' })],
  ])('serves no file with %s: it holds the answer to another request', async (_, edit) => {
    const { dir, fileOf } = await cacheDir();
    const asked = keyed('q');
    await writeFile(fileOf(asked), JSON.stringify(edit(await fill(dir, asked))));
    const run = await lookUp(dir, asked);
    expect(run.found).toBeNull();
    expect(run.line).toContain(
      `1 cached answer could not be used and was asked for again: ${fileOf(asked)}: it holds the answer to another request (edited by hand, or copied from another key?)`,
    );
    // Replaced by the answer the model gave again.
    expect((await lookUp(dir, asked)).found).toEqual(CALL);
  });

  it("serves no other key's file copied over this key's name", async () => {
    const { dir, fileOf } = await cacheDir();
    const [mine, theirs] = [keyed('q'), keyed('another question')];
    await fill(dir, theirs);
    await mkdir(join(responsesDir(dir), mine.key.slice(0, 2)), { recursive: true });
    await writeFile(fileOf(mine), await readFile(fileOf(theirs)));
    expect((await lookUp(dir, mine)).found).toBeNull();
    // Nor the same request's answer kept for another test case.
    const judge = keyed('q', null);
    await mkdir(join(responsesDir(dir), judge.key.slice(0, 2)), { recursive: true });
    await writeFile(fileOf(judge), await readFile(fileOf(mine)));
    expect((await lookUp(dir, judge)).found).toBeNull();
  });

  it.each([
    ['a negative latency', { latency_ms: -5 }, '"latency_ms" must be a number >= 0 (ms, at most 2147483647)'],
    ['a latency of 1e12', { latency_ms: 1e12 }, '"latency_ms" must be a number >= 0'],
    ['a latency that is text', { latency_ms: '120' }, '"latency_ms" must be a number >= 0'],
    ['no latency', { latency_ms: undefined }, '"latency_ms" must be a number >= 0'],
    [
      'a token count beyond the exact integers',
      { response: { ...CALL.response, usage: { inputTokens: { total: 1e308 }, outputTokens: { total: 3 } } } },
      `"response.usage" must hold "inputTokens" and "outputTokens", objects of whole numbers >= 0 (at most ${Number.MAX_SAFE_INTEGER})`,
    ],
  ])('serves no answer with %s', async (_, change, why) => {
    const { dir, fileOf } = await cacheDir();
    const asked = keyed('q');
    await writeFile(fileOf(asked), JSON.stringify({ ...(await fill(dir, asked)), ...change }));
    const run = await lookUp(dir, asked);
    expect(run.found).toBeNull();
    expect(run.line).toContain(`${fileOf(asked)}: ${why}`);
  });

  it('counts every unusable file, and names the first', async () => {
    const { dir, fileOf } = await cacheDir();
    const [one, two] = [keyed('one'), keyed('two')];
    for (const asked of [one, two]) {
      await fill(dir, asked);
      await writeFile(fileOf(asked), '{ not json');
    }
    const cache = createResponseCache({ dir, explicit: false });
    expect(await cache.find(one)).toBeNull();
    expect(await cache.find(two)).toBeNull();
    expect(await cache.close()).toBe(
      `cache ${dir}: 0 model requests answered from the cache, 0 stored; 2 cached answers could not be used and were asked for again (the first: ${fileOf(one)}: it is not valid JSON)`,
    );
    // A file that is gone is no unusable file: it was never stored.
    await rm(fileOf(one));
    expect((await lookUp(dir, one)).line).toBe(`cache ${dir}: 0 model requests answered from the cache, 1 stored`);
  });
});
