/**
 * For a request a cassette does not hold: the recorded request most like it (fewest differing fields) and the
 * first field, in the sent request's order, where the two differ — what a user needs to see why a replay missed.
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

const ABSENT = '(absent)';
const MAX_VALUE_LENGTH = 80;

export function closestRequest(sent: RecordedRequest, recorded: readonly KeyedRequest[]): RequestDifference | null {
  const sentFields = flatten(sent);
  let best: RequestDifference | null = null;
  for (const candidate of recorded) {
    const fields = flatten(candidate.request);
    const differing = differingPaths(sentFields, fields);
    if (differing.length === 0) continue;
    if (best !== null && differing.length >= best.fields) continue;
    const path = differing[0]!;
    best = {
      key: candidate.key,
      path,
      recorded: shown(fields.get(path)),
      sent: shown(sentFields.get(path)),
      fields: differing.length,
    };
  }
  return best;
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

function shown(value: string | undefined): string {
  if (value === undefined) return ABSENT;
  return value.length <= MAX_VALUE_LENGTH ? value : `${value.slice(0, MAX_VALUE_LENGTH - 1)}…`;
}
