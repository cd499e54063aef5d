import { describe, expect, it } from 'vitest';
import type { JudgeRequest } from '../core/judge.js';
import { EvaluatorError } from './evaluator-error.js';
import { askJudge, objectSchema, type Read, readArray, readNumber, readObject, readString } from './judge-output.js';

const request: JudgeRequest = {
  system: 's',
  prompt: 'p',
  schema: {},
  schema_name: 'x',
  signal: new AbortController().signal,
  timeout_ms: null,
};

async function ask(answer: unknown, read: Read<unknown> = readObject({ value: readNumber(0, 1) })) {
  return askJudge({ judge: async () => answer }, 'm', request, read);
}

async function messageOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof EvaluatorError)) throw new Error(`expected an EvaluatorError, got ${String(error)}`);
  return error.message;
}

describe('askJudge', () => {
  it('returns the validated answer', async () => {
    expect(await ask({ value: 0.5, ignored: true })).toEqual({ value: 0.5 });
  });

  it.each<[unknown, string]>([
    [{ value: 1.5 }, 'answer.value must be a number from 0 to 1, got 1.5'],
    [{ value: Number.NaN }, 'answer.value must be a number from 0 to 1, got NaN'],
    [[0.5], 'answer must be an object, got an array'],
    ['not json', 'answer must be an object, got "not json"'],
    [undefined, 'answer must be an object, got nothing'],
  ])('rejects %j', async (answer, message) => {
    expect(await messageOf(ask(answer))).toBe(`judge answer for metric "m" is invalid: ${message}`);
  });

  it('names nested paths in arrays', async () => {
    const read = readObject({ items: readArray(readObject({ name: readString })) });
    expect(await messageOf(ask({ items: [{ name: 'a' }, { name: 3 }] }, read))).toBe(
      'judge answer for metric "m" is invalid: answer.items[1].name must be a string, got 3',
    );
    expect(await messageOf(ask({ items: { name: 'a' } }, read))).toBe(
      'judge answer for metric "m" is invalid: answer.items must be an array, got an object',
    );
  });

  it('shortens long strings in messages', async () => {
    const message = await messageOf(ask('x'.repeat(100)));
    expect(message).toBe(`judge answer for metric "m" is invalid: answer must be an object, got "${'x'.repeat(60)}…"`);
  });

  it('says which setting bounded a judge call that timed out', async () => {
    const timedOut = Object.assign(new Error('judge call timed out after 2000 ms'), { code: 'JUDGE_TIMEOUT' });
    const judge = { judge: async () => Promise.reject(timedOut) };
    expect(await messageOf(askJudge(judge, 'm', request, readString))).toBe(
      'judge call for metric "m" failed: judge call timed out after 2000 ms (execution.llm_timeout or --timeout; raise the metric\'s timeout_ms)',
    );
    expect(await messageOf(askJudge(judge, 'm', { ...request, timeout_ms: 500 }, readString))).toContain(
      '(timeout_ms: 500;',
    );
  });

  it('says a failed judge call by its message, with the class name only of what no judge classified', async () => {
    /** As the ai_sdk judge throws a call that failed for good: a named error with a code. */
    class JudgeCallError extends Error {
      override readonly name = 'JudgeCallError';
      readonly code = 'MODEL_RESPONSE_TOO_LARGE';
    }
    const refused = new JudgeCallError('judge model response refused: the response is larger than 32 MB');
    const judge = { judge: async () => Promise.reject(refused) };
    expect(await messageOf(askJudge(judge, 'm', request, readString))).toBe(
      'judge call for metric "m" failed: judge model response refused: the response is larger than 32 MB',
    );
    const bug = { judge: async () => Promise.reject(new TypeError('x is not a function')) };
    expect(await messageOf(askJudge(bug, 'm', request, readString))).toBe(
      'judge call for metric "m" failed: TypeError: x is not a function',
    );
  });

  it('wraps a failing judge call but not errors from the validator itself', async () => {
    const failing = askJudge({ judge: async () => Promise.reject('offline') }, 'm', request, readString);
    expect(await messageOf(failing)).toBe('judge call for metric "m" failed: offline');
    const bug = new Error('bug');
    const broken = askJudge({ judge: async () => 'x' }, 'm', request, () => {
      throw bug;
    });
    await expect(broken).rejects.toBe(bug);
  });
});

describe('objectSchema', () => {
  it('requires every property and forbids others', () => {
    expect(objectSchema({ a: { type: 'string' }, b: { type: 'integer' } }, 'desc')).toEqual({
      type: 'object',
      description: 'desc',
      properties: { a: { type: 'string' }, b: { type: 'integer' } },
      required: ['a', 'b'],
      additionalProperties: false,
    });
  });
});
