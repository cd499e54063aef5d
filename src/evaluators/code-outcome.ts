/**
 * What a code grader returned, as a metric outcome (PRODUCT.md §5): `true` → 1 passed, `false` → 0 failed,
 * a number in [0, 1] → that score (the runner applies the threshold, default 0.5), or
 * `{ score, passed?, reason?, details? }`. Anything else is an invalid return naming the grader.
 */

import { thrownMessage } from '../core/describe-thrown.js';
import type { MetricOutcome } from '../core/evaluator.js';
import type { JsonValue } from '../core/json.js';
import { knownKeys, unknownKey } from '../core/unknown-key.js';
import { EvaluatorError } from './evaluator-error.js';

const EXPECTED_SHAPE = 'true/false, a score from 0 to 1, or { score, passed?, reason?, details? }';

export function graderOutcome(grader: string, value: unknown): MetricOutcome {
  if (typeof value === 'boolean') return { score: value ? 1 : 0, passed: value };
  if (typeof value === 'number') return { score: checkScore(grader, value, 'score') };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(grader, `returned ${describe(value)}; expected ${EXPECTED_SHAPE}`);
  }
  // A Date, a Map, a boxed number: an object, but no result (it has no `score` of its own to read).
  const kind = Object.prototype.toString.call(value).slice(8, -1);
  if (kind !== 'Object') throw invalid(grader, `returned a ${kind} object; expected ${EXPECTED_SHAPE}`);
  const result = value as Record<string, unknown>;
  const unknown = unknownKey(result, RESULT_KEYS);
  if (unknown !== null) {
    const meant = unknown.meant === null ? '' : ` (did you mean \`${unknown.meant}\`?)`;
    throw invalid(
      grader,
      `returned result.${unknown.key}, which is not a key of a result${meant}; expected ${EXPECTED_SHAPE}`,
    );
  }
  const score = checkScore(grader, result['score'], 'result.score');
  const passed = result['passed'];
  if (passed !== undefined && typeof passed !== 'boolean') {
    throw invalid(grader, `returned result.passed = ${describe(passed)}; it must be true or false when set`);
  }
  const reason = result['reason'];
  if (reason !== undefined && reason !== null && typeof reason !== 'string') {
    throw invalid(grader, `returned result.reason = ${describe(reason)}; it must be a string when set`);
  }
  return {
    score,
    ...(passed === undefined ? {} : { passed }),
    reasoning: typeof reason === 'string' ? reason : null,
    details: toJson(grader, result['details']),
  };
}

/** The keys of a result, and the names other tools give them: left unread, `pass: false` would let a failure pass. */
const RESULT_KEYS = knownKeys(['score', 'passed', 'reason', 'details'], {
  pass: 'passed',
  success: 'passed',
  ok: 'passed',
  reasoning: 'reason',
  explanation: 'reason',
  message: 'reason',
  detail: 'details',
  metadata: 'details',
  value: 'score',
});

function checkScore(grader: string, value: unknown, field: string): number {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1) return value;
  throw invalid(grader, `returned ${field} = ${describe(value)}; a score must be a number from 0 to 1`);
}

/** Grader details as JSON for the report (bigints become strings); undefined becomes null. */
function toJson(grader: string, details: unknown): JsonValue | null {
  if (details === undefined) return null;
  try {
    const text = JSON.stringify(details, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item));
    return text === undefined ? null : (JSON.parse(text) as JsonValue);
  } catch (error) {
    const message = thrownMessage(error);
    throw invalid(grader, `returned result.details that cannot be written as JSON: ${message}`);
  }
}

function invalid(grader: string, message: string): EvaluatorError {
  return new EvaluatorError('GRADER_INVALID_RETURN', `grader ${grader} ${message}`);
}

function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string')
    return `a string (${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)})`;
  if (typeof value === 'bigint') return `${value}n, a BigInt (a score is a number)`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'function') return 'a function';
  return 'an object';
}
