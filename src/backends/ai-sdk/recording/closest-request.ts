/**
 * For a request a cassette does not hold: the recorded request most like it (fewest differing fields) and the
 * first field, in the sent request's order, where the two differ — what a user needs to see why a replay missed.
 * An agent's request is compared with its own test case's only (another case's would suggest the question
 * changed); when its case recorded none, or none at this turn (the case failed, or stopped earlier, when the
 * cassette was recorded), that is what is said.
 */
import type { Json, RecordedRequest } from './normalize-request.js';
import type { KeyedRequest } from './request-key.js';

export interface RequestDifference {
  /** The key of the closest recorded request. */
  readonly key: string;
  /** The first differing field, e.g. `messages[3].content[0].text`. */
  readonly path: string;
  /** Both values as short JSON text; `(absent)` where one request has no such field. */
  readonly recorded: string;
  readonly sent: string;
  /** How many fields differ in all. */
  readonly fields: number;
}

/** A recorded request as a miss is explained from. */
export interface RecordedCall extends Pick<KeyedRequest, 'key' | 'request'> {
  /** The test case it was recorded for; absent for a judge's. */
  readonly test_case?: string;
}

/** Why a request is not among those recorded (what follows `request not recorded in FILE: `); null: no clue. */
export function missReason(sent: KeyedRequest, recorded: readonly RecordedCall[]): string | null {
  if (sent.test_case === null) return closestSaid(sent.request, recorded);
  const name = JSON.stringify(sent.test_case);
  const own = recorded.filter((entry) => entry.test_case === sent.test_case);
  if (own.length === 0) {
    return `test case ${name} has no recorded request (it failed or was not run when the cassette was recorded?)`;
  }
  const turn = turnOf(sent.request);
  const sameTurn = own.filter((entry) => turnOf(entry.request) === turn);
  if (sameTurn.length === 0) {
    // Counted in user messages, not turns: a turn that failed left the conversation, so the counts differ then.
    const messages = turn === 1 ? '1 user message' : `${turn} user messages`;
    return `test case ${name} has no recorded request with ${messages} in its conversation (a turn failed or was not reached when the cassette was recorded, or was added since?)`;
  }
  return closestSaid(sent.request, sameTurn);
}

function closestSaid(sent: RecordedRequest, recorded: readonly RecordedCall[]): string | null {
  const closest = closestRequest(sent, recorded);
  return closest === null
    ? null
    : `the closest recorded request (${closest.key.slice(0, 12)}) ${describeDifference(closest)}`;
}

/** The turn of the conversation a request was made in: each turn adds one user message. */
function turnOf(request: RecordedRequest): number {
  const messages = Array.isArray(request.messages) ? (request.messages as readonly Json[]) : [];
  return messages.filter((message) => isObject(message) && message['role'] === 'user').length;
}

function isObject(value: Json): value is { readonly [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const ABSENT = '(absent)';
const MAX_VALUE_LENGTH = 80;

export function closestRequest(
  sent: RecordedRequest,
  recorded: readonly Pick<KeyedRequest, 'key' | 'request'>[],
): RequestDifference | null {
  const sentFields = flatten(sent);
  let best: RequestDifference | null = null;
  for (const candidate of recorded) {
    const fields = flattenedOnce(candidate.request);
    const differing = differingPaths(sentFields, fields);
    if (differing.length === 0) continue;
    if (best !== null && differing.length >= best.fields) continue;
    const path = differing[0]!;
    const [recordedValue, sentValue] = [fields.get(path), sentFields.get(path)];
    const from = windowStart(recordedValue, sentValue);
    best = {
      key: candidate.key,
      path,
      recorded: shown(recordedValue, from),
      sent: shown(sentValue, from),
      fields: differing.length,
    };
  }
  return best;
}

const flattened = new WeakMap<RecordedRequest, Map<string, string>>();

/** A recorded request's leaves, flattened on the first miss and kept for the next (a cassette may be large). */
function flattenedOnce(request: RecordedRequest): Map<string, string> {
  let fields = flattened.get(request);
  if (fields === undefined) {
    fields = flatten(request);
    flattened.set(request, fields);
  }
  return fields;
}

/** `differs at messages[1].content[0].text: recorded "…", sent "…"` */
export function describeDifference(difference: RequestDifference): string {
  const more = difference.fields > 1 ? ` (and ${difference.fields - 1} more fields)` : '';
  return `differs at ${difference.path}: recorded ${difference.recorded}, sent ${difference.sent}${more}`;
}

/** Paths that differ: the sent request's first, in its order, then those only the recorded one has. */
function differingPaths(sent: ReadonlyMap<string, string>, recorded: ReadonlyMap<string, string>): string[] {
  const paths: string[] = [];
  for (const [path, value] of sent) if (recorded.get(path) !== value) paths.push(path);
  for (const path of recorded.keys()) if (!sent.has(path)) paths.push(path);
  return paths;
}

/** Every leaf of a JSON value by its path, as JSON text; empty arrays and objects are leaves. */
export function flatten(value: Json, prefix = '', into = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(value)) {
    if (value.length === 0) into.set(prefix, '[]');
    value.forEach((item: Json, index: number) => {
      flatten(item, `${prefix}[${index}]`, into);
    });
  } else if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 0) into.set(prefix, '{}');
    for (const key of keys) {
      flatten((value as Record<string, Json>)[key]!, prefix === '' ? key : `${prefix}.${key}`, into);
    }
  } else {
    into.set(prefix, JSON.stringify(value));
  }
  return into;
}

/**
 * Where both values are shown from: 0, unless they share a start longer than the shown length, where the shown
 * text would be the same on both sides; then from a little before their first difference.
 */
function windowStart(a: string | undefined, b: string | undefined): number {
  if (a === undefined || b === undefined) return 0;
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common += 1;
  return common < MAX_VALUE_LENGTH - 10 ? 0 : common - 20;
}

function shown(value: string | undefined, from: number): string {
  if (value === undefined) return ABSENT;
  const head = from > 0 ? `…${value.slice(from)}` : value;
  return head.length <= MAX_VALUE_LENGTH ? head : `${head.slice(0, MAX_VALUE_LENGTH - 1)}…`;
}
