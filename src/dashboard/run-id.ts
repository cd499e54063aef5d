/**
 * Run ids as they appear in URLs: `<agent-slug>/<timestamp>`, naming `<resultsDir>/<agent-slug>/<timestamp>.json`
 * (or its in-progress sibling `<timestamp>.partial.jsonl`). Each segment starts with a letter or digit and holds
 * only letters, digits, `.`, `_` and `-`, so neither can be `.`/`..` nor carry a separator.
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { DashboardError } from './dashboard-error.js';

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const PARTIAL_SUFFIX = '.partial.jsonl';
const RECORD_SUFFIX = '.json';

export interface RunId {
  readonly agent_slug: string;
  readonly timestamp: string;
  /** `<agent_slug>/<timestamp>` */
  readonly id: string;
}

export function isRunIdSegment(text: string): boolean {
  return SEGMENT.test(text) && !text.endsWith('.partial');
}

/** The run id, or null when the text is not a well-formed id. */
export function parseRunId(text: string): RunId | null {
  const parts = text.split('/');
  if (parts.length !== 2) return null;
  const [agentSlug = '', timestamp = ''] = parts;
  if (!isRunIdSegment(agentSlug) || !isRunIdSegment(timestamp)) return null;
  return { agent_slug: agentSlug, timestamp, id: `${agentSlug}/${timestamp}` };
}

/** Like parseRunId, but throws INVALID_RUN_ID. */
export function requireRunId(text: string): RunId {
  const runId = parseRunId(text);
  if (runId === null) throw new DashboardError('INVALID_RUN_ID', `not a run id: ${JSON.stringify(text.slice(0, 200))}`);
  return runId;
}

/** What a file in an agent folder is: a finished record, an in-progress log, or neither (null). */
export function classifyRunFile(fileName: string): { readonly timestamp: string; readonly partial: boolean } | null {
  const partial = fileName.endsWith(PARTIAL_SUFFIX);
  const suffix = partial ? PARTIAL_SUFFIX : RECORD_SUFFIX;
  if (!partial && !fileName.endsWith(RECORD_SUFFIX)) return null;
  const timestamp = fileName.slice(0, -suffix.length);
  return isRunIdSegment(timestamp) ? { timestamp, partial } : null;
}

const FILE_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z(?:-\d+)?$/;

/** The ISO time a record's file name encodes (`2026-12-02T12-30-05-123Z` → `2026-12-02T12:30:05.123Z`), or null. */
export function timestampTime(timestamp: string): string | null {
  const match = FILE_TIMESTAMP.exec(timestamp);
  if (match === null) return null;
  const [, date, hours, minutes, seconds, millis] = match;
  const iso = `${date}T${hours}:${minutes}:${seconds}.${millis}Z`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}

export interface RunPaths {
  readonly record: string;
  readonly partial: string;
}

/** The two files a run may live in, checked to stay inside the results folder. */
export function runPaths(resultsDir: string, runId: RunId): RunPaths {
  const root = resolve(resultsDir);
  const record = resolve(root, runId.agent_slug, `${runId.timestamp}${RECORD_SUFFIX}`);
  const partial = resolve(root, runId.agent_slug, `${runId.timestamp}${PARTIAL_SUFFIX}`);
  if (!isInside(root, record) || !isInside(root, partial)) {
    throw new DashboardError('INVALID_RUN_ID', `run id ${JSON.stringify(runId.id)} leaves the results folder`);
  }
  return { record, partial };
}

/** True when `target` is `root` itself or below it (both absolute, already resolved). */
export function isInside(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}
