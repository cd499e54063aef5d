/**
 * A cassette on disk: JSON Lines, one recorded request and its response per line, lines sorted by request key
 * then occurrence and keys sorted within each line, so recording the same run again gives the same file and a
 * changed request shows in a git diff as its own line. A line that cannot be used is an error naming file:line.
 */
import { randomUUID } from 'node:crypto';
import { chmod, type FileHandle, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { canonicalJson } from '../../../core/canonical-json.js';
import { fileLines, LineTooLongError } from './file-lines.js';
import type { RecordedRequest } from './normalize-request.js';
import { openRegularFile } from './open-regular-file.js';
import { requestKey } from './request-key.js';
import type { StoredResponse } from './stored-response.js';

export interface CassetteEntry {
  readonly key: string;
  /** The test case whose agent made the request (keyed with it); absent for a judge's request. */
  readonly test_case?: string;
  /** 0 for the first time this request was made in the recorded run, 1 for the second… */
  readonly occurrence: number;
  readonly request: RecordedRequest;
  readonly response: StoredResponse;
  /** How long the model took to answer, in ms. */
  readonly latency_ms: number;
}

/** A cassette that cannot be read or used; the message names the file (and line). */
export class CassetteError extends Error {
  readonly code = 'CASSETTE_INVALID';
  constructor(message: string) {
    super(message);
    this.name = 'CassetteError';
  }
}

/**
 * A cassette to replay, read line by line (a cassette larger than the longest string is read too). `label`: the
 * file as messages name it (as given on the command line). A cassette holding no request is refused: a replay
 * of it could answer nothing.
 */
export async function readCassette(path: string, label = path): Promise<CassetteEntry[]> {
  let handle: FileHandle | undefined;
  try {
    const opened = await openRegularFile(path);
    if (!opened.ok) throw new CassetteError(`cannot read the cassette ${label}: it is ${opened.kind}, not a file`);
    handle = opened.handle;
    const cassette = cassetteLines(label);
    for await (const line of fileLines(handle)) cassette.add(line.text, line.number);
    if (cassette.entries.length === 0) {
      throw new CassetteError(`the cassette ${label} holds no recorded requests: record it with --record first`);
    }
    return cassette.entries;
  } catch (error) {
    if (error instanceof CassetteError) throw error;
    if (error instanceof LineTooLongError) {
      throw new CassetteError(
        `${label}:${error.line}: the line is too large to read (over ${megabytes(error.bytes)}): a cassette line is one request and its answer`,
      );
    }
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (error as Error).message;
    throw new CassetteError(`cannot read the cassette ${label}: ${why}`);
  } finally {
    await handle?.close();
  }
}

export function parseCassette(text: string, path: string): CassetteEntry[] {
  const cassette = cassetteLines(path);
  text.split('\n').forEach((line, index) => {
    cassette.add(line, index + 1);
  });
  return cassette.entries;
}

/** Takes a cassette's lines in order, checking each and that no occurrence of a request is recorded twice. */
function cassetteLines(path: string) {
  const entries: CassetteEntry[] = [];
  const seen = new Set<string>();
  return {
    entries,
    add(text: string, number: number): void {
      // An editor's byte order mark is no part of the first line.
      const line = number === 1 && text.startsWith('\uFEFF') ? text.slice(1) : text;
      if (line.trim() === '') return;
      const entry = parseLine(line, `${path}:${number}`);
      const id = `${entry.key}#${entry.occurrence}`;
      if (seen.has(id)) {
        throw new CassetteError(
          `${path}:${number}: occurrence ${entry.occurrence} of request ${entry.key} is recorded twice`,
        );
      }
      seen.add(id);
      entries.push(entry);
    },
  };
}

function megabytes(bytes: number): string {
  return `${Math.floor(bytes / 1_048_576)} MB`;
}

function parseLine(line: string, where: string): CassetteEntry {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw new CassetteError(`${where}: not valid JSON (${(error as Error).message})`);
  }
  if (!isObject(value))
    throw new CassetteError(`${where}: expected an object {key, occurrence, request, response, latency_ms}`);
  const { key, occurrence, request, response, latency_ms: latency, test_case: testCase } = value;
  const fail = (what: string): never => {
    throw new CassetteError(`${where}: ${what}`);
  };
  if (typeof key !== 'string') fail('"key" must be the request key (text)');
  if (typeof occurrence !== 'number' || !Number.isInteger(occurrence) || occurrence < 0) {
    fail('"occurrence" must be a whole number >= 0');
  }
  if (!isObject(request) || typeof request['provider'] !== 'string' || typeof request['model'] !== 'string') {
    fail('"request" must be an object with "provider" and "model"');
  }
  if (!isObject(response) || !Array.isArray(response['content']))
    fail('"response" must be an object with "content" (a list)');
  const shapeProblem = responseShapeProblem(response as Record<string, unknown>);
  if (shapeProblem !== null) fail(shapeProblem);
  const latencyWrong = latencyProblem(latency);
  if (latencyWrong !== null) fail(latencyWrong);
  if (testCase !== undefined && typeof testCase !== 'string') fail('"test_case" must be the test case\'s name (text)');
  const scope = { test_case: (testCase as string | undefined) ?? null, endpoint: null };
  const actual = requestKey(request as RecordedRequest, scope);
  if (actual !== key) {
    fail(
      `"key" ${String(key)} does not match its request (edited by hand?): record again, or set the key to ${actual}`,
    );
  }
  return {
    key: actual,
    ...(scope.test_case === null ? {} : { test_case: scope.test_case }),
    occurrence: occurrence as number,
    request: request as RecordedRequest,
    response: response as StoredResponse,
    latency_ms: latency as number,
  };
}

/** The cassette's text: entries by key then occurrence, one canonical JSON line each. */
export function formatCassette(entries: readonly CassetteEntry[]): string {
  const sorted = [...entries].sort((a, b) => (a.key === b.key ? a.occurrence - b.occurrence : a.key < b.key ? -1 : 1));
  return sorted.map((entry) => `${canonicalJson(entry)}\n`).join('');
}

/**
 * Written whole through a temporary file, so a cassette is never half written; through a symbolic link, the file
 * it points to is replaced and the link kept. A cassette replaced keeps its permissions (one kept at 600 stays so).
 */
export async function writeCassette(path: string, entries: readonly CassetteEntry[]): Promise<void> {
  const target = await realpath(path).catch(() => path);
  const temporary = `${target}.${randomUUID().slice(0, 8)}.tmp`;
  try {
    await writeFile(temporary, formatCassette(entries));
    const replaced = await stat(target).catch(() => null);
    if (replaced?.isFile()) await chmod(temporary, replaced.mode & 0o7777);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw new CassetteError(`cannot write the cassette ${path}: ${(error as Error).message}`);
  }
}

/** What a hand-edited answer lacks that the model client reads: its finish reason and token counts. */
export function responseShapeProblem(response: Record<string, unknown>): string | null {
  const finish = response['finishReason'];
  if (!isObject(finish) || typeof finish['unified'] !== 'string') {
    return '"response.finishReason" must be an object with "unified" (text, e.g. "stop")';
  }
  const usage = response['usage'];
  // Beyond 2^53 - 1 a count is no longer exact, and the run's totals of it would not be either.
  const count = (part: unknown) =>
    isObject(part) && Object.values(part).every((n) => n === null || (Number.isSafeInteger(n) && (n as number) >= 0));
  if (!isObject(usage) || !count(usage['inputTokens']) || !count(usage['outputTokens'])) {
    return `"response.usage" must hold "inputTokens" and "outputTokens", objects of whole numbers >= 0 (at most ${Number.MAX_SAFE_INTEGER})`;
  }
  return null;
}

/** What is wrong with a recorded latency, or null: a number of ms from 0 to the longest a timer holds. */
export function latencyProblem(latency: unknown): string | null {
  // The longest a turn may take (timers hold 2^31 - 1 ms): a recorded call took no longer.
  if (typeof latency !== 'number' || !Number.isFinite(latency) || latency < 0 || latency > 2_147_483_647) {
    return '"latency_ms" must be a number >= 0 (ms, at most 2147483647)';
  }
  return null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
