/**
 * `--cache` / `execution.cache: true`: a read-through cache of model answers on disk, one file per request key
 * under `DIR/responses/`. A request found there is answered from it; any other goes to the model and its
 * answer is stored (errors never are). Requests with a temperature above 0, or none set (the provider's
 * default, above 0), are sampled: they are cached only when `--cache` was given on the command line.
 * `DIR/responses/` itself is made before the run by the caller, which checks that it can be written.
 *
 * The n-th time a run makes the same request it gets the n-th answer stored for it (`KEY.json`, then
 * `KEY.1.json`, `KEY.2.json`, …), as a replay does: the repeats of `--repeat` and identical test cases each
 * keep their own sampled answer, so a cached run keeps the spread of answers of the run that filled it.
 * A judge's answer that cannot be read as JSON, or does not match the schema asked for, is not kept (the judge
 * call retries an unreadable one, and a later run asks again). A file there that cannot be served (no regular
 * file, another request's answer, a malformed answer: read-cache-entry.ts) is asked for again and replaced;
 * the run's cache line says how many there were and why the first could not be used. An answer that cannot be
 * stored (a full disk) costs the next run only a request: the cache line says how many, and why the first.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { canonicalJson } from '../../../core/canonical-json.js';
import { fileErrorReason } from '../../../core/file-error-reason.js';
import { isRecord } from '../../../core/is-record.js';
import { readJudgeJson } from '../read-judge-json.js';
import { answerSchemaOf } from './answer-schema.js';
import type { ModelCallStore } from './model-call-store.js';
import { temperatureOf } from './normalize-request.js';
import { readCacheEntry } from './read-cache-entry.js';
import type { KeyedRequest } from './request-key.js';
import type { StoredResponse } from './stored-response.js';

export interface ResponseCacheOptions {
  readonly dir: string;
  /** `--cache` on the command line: sampled requests (temperature above 0) are cached too. */
  readonly explicit: boolean;
}

/** The folder of cached answers inside a cache folder; `holodeck cache clear` removes it. */
export function responsesDir(cacheDir: string): string {
  return join(cacheDir, 'responses');
}

export function createResponseCache(options: ResponseCacheOptions): ModelCallStore {
  const root = responsesDir(options.dir);
  const fileOf = (key: string, occurrence: number) =>
    join(root, key.slice(0, 2), occurrence === 0 ? `${key}.json` : `${key}.${occurrence}.json`);
  /** How often each key was looked up in this run, and the occurrences looked up but not found (to be stored). */
  const looked = new Map<string, number>();
  const missing = new Map<string, number[]>();
  const cacheable = (request: KeyedRequest) => options.explicit || temperatureOf(request.request) === 0;
  let hits = 0;
  let stored = 0;
  let sampled = 0;
  /** Files there whose answer could not be served (readCacheEntry), and why the first one could not. */
  let unusable = 0;
  let firstUnusable: string | undefined;
  /** Answers that could not be stored, and why the first could not. */
  let unstored = 0;
  let firstUnstored: string | undefined;
  return {
    find: async (request) => {
      if (!cacheable(request)) {
        sampled += 1;
        return null;
      }
      const occurrence = looked.get(request.key) ?? 0;
      looked.set(request.key, occurrence + 1);
      const file = fileOf(request.key, occurrence);
      const read = await readCacheEntry(file, request);
      if (read.kind === 'unusable') {
        unusable += 1;
        firstUnusable ??= `${file}: ${read.why}`;
      }
      const entry = read.kind === 'found' ? read.call : null;
      // An unreadable judge answer kept by an earlier version is asked for again, and replaced.
      const found = entry !== null && unreadableJudgeAnswer(request, entry.response) ? null : entry;
      if (found !== null) hits += 1;
      else missing.set(request.key, [...(missing.get(request.key) ?? []), occurrence]);
      return found;
    },
    save: async (request, call) => {
      if (!cacheable(request)) return;
      // A judge's answer its reader refuses is retried: kept, it would be served again at every retry and run.
      if (unreadableJudgeAnswer(request, call.response)) return;
      // Identical requests are interchangeable: an answer fills the earliest occurrence still missing.
      const occurrence = missing.get(request.key)?.shift() ?? looked.get(request.key) ?? 0;
      const file = fileOf(request.key, occurrence);
      const temporary = `${file}.${randomUUID().slice(0, 8)}.tmp`;
      const entry = {
        key: request.key,
        ...(request.test_case === null ? {} : { test_case: request.test_case }),
        request: request.request,
        response: call.response,
        latency_ms: call.latency_ms,
      };
      try {
        // The answers' folder is made before the run (a recursive mkdir never settles under /proc).
        await mkdir(join(root, request.key.slice(0, 2))).catch((error: unknown) => {
          if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
        });
        await writeFile(temporary, `${canonicalJson(entry)}\n`);
        await rename(temporary, file);
        stored += 1;
      } catch (error) {
        // A cache that cannot be written only costs the next run a request; the run's cache line says so.
        unstored += 1;
        firstUnstored ??= fileErrorReason(error);
        await rm(temporary, { force: true }).catch(() => undefined);
      }
    },
    close: async () => {
      const skipped =
        sampled === 0
          ? ''
          : `; ${sampled} not cached (temperature above 0 or unset: give --cache on the command line to cache them)`;
      const asked =
        unusable === 0
          ? ''
          : unusable === 1
            ? `; 1 cached answer could not be used and was asked for again: ${firstUnusable}`
            : `; ${unusable} cached answers could not be used and were asked for again (the first: ${firstUnusable})`;
      const failed = unstored === 0 ? '' : `; ${unstored} could not be stored (${firstUnstored})`;
      return `cache ${options.dir}: ${hits} model ${hits === 1 ? 'request' : 'requests'} answered from the cache, ${stored} stored${failed}${skipped}${asked}`;
    },
  };
}

/**
 * A request for JSON (a judge's) whose answer is no JSON that can be read (read-judge-json.ts), or JSON that
 * does not match the schema asked for: kept, a judge's one-off slip would fail every later run the same way.
 */
function unreadableJudgeAnswer(request: KeyedRequest, response: StoredResponse): boolean {
  const asked = request.request;
  const format = isRecord(asked) ? asked['response_format'] : undefined;
  if (!isRecord(format) || format['type'] !== 'json') return false;
  const content = Array.isArray(response['content']) ? response['content'] : [];
  let text = '';
  for (const part of content) {
    if (isRecord(part) && part['type'] === 'text' && typeof part['text'] === 'string') text += part['text'];
  }
  const read = readJudgeJson(text);
  if (!read.ok) return true;
  const schema = answerSchemaOf(asked);
  return schema !== null && !matchesSchema(schema, read.value);
}

/** Schemas of judge requests (a handful per run), converted once each; null: one zod cannot convert. */
const schemaChecks = new Map<string, z.ZodType | null>();

function matchesSchema(schema: Readonly<Record<string, unknown>>, value: unknown): boolean {
  const key = canonicalJson(schema);
  let check = schemaChecks.get(key);
  if (check === undefined) {
    try {
      check = z.fromJSONSchema(allowingMore(schema) as Parameters<typeof z.fromJSONSchema>[0]);
    } catch {
      check = null; // a schema of no known shape: the answer is kept, as before schemas were checked
    }
    schemaChecks.set(key, check);
  }
  return check === null || check.safeParse(value).success;
}

/**
 * The schema with every `additionalProperties: false` left out: strict structured output asks for it, but the
 * judges read the fields they need and pass over others, so an answer with more is one they use.
 */
function allowingMore(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(allowingMore);
  if (!isRecord(schema)) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'additionalProperties' && value === false) continue;
    copy[key] = allowingMore(value);
  }
  return copy;
}
