/**
 * Asking the LLM judge for a JSON object and validating what comes back: a judge is a model, so its answer is
 * checked field by field and any deviation becomes an `EvaluatorError` naming the metric and the field.
 */
import type { Judge, JudgeRequest } from '../core/judge.js';
import { EvaluatorError } from './evaluator-error.js';

/** A validator of one value at a field path (for messages such as `claims[2].verdict`). */
export type Read<T> = (value: unknown, path: string) => T;

/** Thrown by readers; turned into a JUDGE_OUTPUT_INVALID error naming the metric. */
class JudgeShapeError extends Error {}

/**
 * Asks the judge, and asks once more when its answer is JSON of the wrong shape or out of range: judges slip now
 * and then, and a second answer usually fits. (A cached slip is then followed by the cached second answer, so a
 * later run does not fail on it either.)
 */
export async function askJudge<T>(judge: Judge, metric: string, request: JudgeRequest, read: Read<T>): Promise<T> {
  try {
    return await askJudgeOnce(judge, metric, request, read);
  } catch (error) {
    if (!(error instanceof EvaluatorError) || error.code !== 'JUDGE_OUTPUT_INVALID' || request.signal.aborted) {
      throw error;
    }
    return askJudgeOnce(judge, metric, request, read);
  }
}

async function askJudgeOnce<T>(judge: Judge, metric: string, request: JudgeRequest, read: Read<T>): Promise<T> {
  let raw: unknown;
  try {
    raw = await judge.judge(request);
  } catch (error) {
    if (request.signal.aborted) throw error;
    if ((error as { code?: unknown } | null)?.code === 'JUDGE_TIMEOUT') {
      const limit =
        request.timeout_ms === null ? 'execution.llm_timeout or --timeout' : `timeout_ms: ${request.timeout_ms}`;
      throw new EvaluatorError(
        'JUDGE_TIMEOUT',
        `judge call for metric "${metric}" failed: ${(error as Error).message} (${limit}; raise the metric's timeout_ms)`,
        { cause: error },
      );
    }
    throw new EvaluatorError('JUDGE_FAILED', `judge call for metric "${metric}" failed: ${describeError(error)}`, {
      cause: error,
    });
  }
  try {
    return read(parseIfText(raw), 'answer');
  } catch (error) {
    if (!(error instanceof JudgeShapeError)) throw error;
    throw new EvaluatorError(
      'JUDGE_OUTPUT_INVALID',
      `judge answer for metric "${metric}" is invalid: ${error.message}`,
    );
  }
}

export function readObject<T>(fields: { readonly [K in keyof T]: Read<T[K]> }): Read<T> {
  return (value, path) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new JudgeShapeError(`${path} must be an object, got ${kindOf(value)}`);
    }
    const record = value as Record<string, unknown>;
    const result: Partial<T> = {};
    for (const key of Object.keys(fields) as Array<keyof T & string>) {
      result[key] = fields[key](record[key], `${path}.${key}`);
    }
    return result as T;
  };
}

export function readArray<T>(item: Read<T>, minItems = 0): Read<T[]> {
  return (value, path) => {
    if (!Array.isArray(value)) throw new JudgeShapeError(`${path} must be an array, got ${kindOf(value)}`);
    if (value.length < minItems) {
      throw new JudgeShapeError(`${path} must have at least ${minItems} item${minItems === 1 ? '' : 's'}, got none`);
    }
    return value.map((entry, index) => item(entry, `${path}[${index}]`));
  };
}

export const readString: Read<string> = (value, path) => {
  if (typeof value !== 'string') throw new JudgeShapeError(`${path} must be a string, got ${kindOf(value)}`);
  return value;
};

export function readNumber(min: number, max: number, integer = false): Read<number> {
  return (value, path) => {
    const valid = typeof value === 'number' && Number.isFinite(value) && (!integer || Number.isInteger(value));
    if (!valid || value < min || value > max) {
      const what = integer ? 'an integer' : 'a number';
      throw new JudgeShapeError(`${path} must be ${what} from ${min} to ${max}, got ${kindOf(value)}`);
    }
    return value;
  };
}

export function readEnum<T extends string>(allowed: readonly T[]): Read<T> {
  return (value, path) => {
    if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
    const options = allowed.map((option) => JSON.stringify(option)).join(', ');
    throw new JudgeShapeError(`${path} must be one of ${options}, got ${kindOf(value)}`);
  };
}

/** Raises a shape error from a custom check (e.g. one verdict per context). */
export function invalidAnswer(message: string): never {
  throw new JudgeShapeError(message);
}

/** A JSON Schema object with every property required and no others (what strict structured output wants). */
export function objectSchema(properties: Record<string, unknown>, description?: string): Record<string, unknown> {
  return {
    type: 'object',
    ...(description === undefined ? {} : { description }),
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

/** Some judges hand back the JSON text instead of the parsed object. */
function parseIfText(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

function kindOf(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  return String(value);
}

/**
 * A judge call's failure as a message says it: a failure the judge classified (it has a `code`: a refused response,
 * a bad key) by its message alone; anything else thrown with its class name (`TypeError: …`), which tells a bug.
 */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const classified = typeof (error as { code?: unknown }).code === 'string';
  return classified || error.name === 'Error' ? error.message : `${error.name}: ${error.message}`;
}
