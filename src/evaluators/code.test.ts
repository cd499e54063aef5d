import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { CodeMetricConfig } from '../core/config-types.js';
import type { EvaluationInput } from '../core/evaluator.js';
import type { GraderFunction } from '../core/grader.js';
import { importUserExport } from '../loader/import-user-export.js';
import { createWorkerPool } from '../workers/worker-pool.js';
import { createCodeEvaluator } from './code.js';
import { EvaluatorError } from './evaluator-error.js';

const FIXTURES = fileURLToPath(new URL('../../test/support/evaluators/fixtures/', import.meta.url));
const pool = createWorkerPool({ max_workers: 2, stop_grace_ms: 200 });
afterAll(() => pool.close());

/** A metric on a grader of fixtures/graders.ts, loaded as the configuration loader does. */
async function config(exportName: string, overrides: Partial<CodeMetricConfig> = {}): Promise<CodeMetricConfig> {
  const grader = `graders.ts:${exportName}`;
  const loaded = await importUserExport(grader, FIXTURES);
  if (!loaded.ok) throw new Error(loaded.message);
  const grader_fn = loaded.value as GraderFunction;
  return {
    type: 'code',
    name: 'program',
    enabled: true,
    threshold: null,
    grader,
    timeout_ms: 5000,
    grader_fn,
    ...overrides,
  };
}

const LOOKUP = { name: 'lookup', args: { year: 2009 }, result: { cash: 206588 }, error: null, duration_ms: 2 };

function input(overrides: Partial<EvaluationInput> = {}): EvaluationInput {
  return {
    test_case_name: 'JKHY-2009',
    turn_index: 2,
    turn_input: 'what is the difference?',
    agent_response: '25587',
    ground_truth: '25587',
    retrieval_context: ['ctx'],
    tool_invocations: [
      { name: 'subtract', args: { a: 206588, b: 181001 }, result: 25587, error: null, duration_ms: 3 },
    ],
    turn_config: { turn_program: 'subtract(206588, 181001)', nested: { list: [1, 2] } },
    turn: { input: 'what is the difference?', expected_tools: [{ name: 'subtract' }] },
    earlier_turns: [
      { input: 'net cash 2009?', response: '206588', tool_invocations: [LOOKUP] },
      { input: 'and 2008?', response: '181001', tool_invocations: [] },
    ],
    signal: new AbortController().signal,
    ...overrides,
  };
}

async function run(exportName: string, overrides: Partial<CodeMetricConfig> = {}, given = input()) {
  return createCodeEvaluator(await config(exportName, overrides), pool).evaluate(given);
}

async function rejection(promise: Promise<unknown>): Promise<EvaluatorError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof EvaluatorError)) throw new Error(`expected an EvaluatorError, got ${String(error)}`);
  return error;
}

const returning = (value: unknown) => run('returnsTurnValue', {}, input({ turn_config: { value } }));

describe('code evaluator context', () => {
  it('hands the grader every field of the turn', async () => {
    const outcome = await run('echoContext');
    expect(outcome.details).toEqual({
      context: {
        turn_input: 'what is the difference?',
        agent_response: '25587',
        ground_truth: '25587',
        tool_invocations: [
          { name: 'subtract', args: { a: 206588, b: 181001 }, result: 25587, error: null, duration_ms: 3 },
        ],
        retrieval_context: ['ctx'],
        turn_index: 2,
        test_case_name: 'JKHY-2009',
        turn_config: { turn_program: 'subtract(206588, 181001)', nested: { list: [1, 2] } },
        turn: { input: 'what is the difference?', expected_tools: [{ name: 'subtract' }] },
        earlier_turns: [
          { input: 'net cash 2009?', response: '206588', tool_invocations: [LOOKUP] },
          { input: 'and 2008?', response: '181001', tool_invocations: [] },
        ],
      },
    });
  });

  it('freezes the context at every level and leaves the runner data untouched', async () => {
    const given = input();
    const outcome = await run('tryMutations', {}, given);
    expect(outcome.details).toEqual({
      refused: [
        'top',
        'invocation args',
        'invocations list',
        'turn_config nested',
        'turn',
        'earlier invocation args',
        'earlier invocations list',
      ],
    });
    expect(Object.isFrozen(given.tool_invocations[0]?.args)).toBe(false);
    expect(Object.isFrozen(given.earlier_turns[0]?.tool_invocations[0]?.args)).toBe(false);
  });
});

describe('code evaluator returns', () => {
  it('maps true and false to 1/0 with passed', async () => {
    expect(await returning(true)).toEqual({ score: 1, passed: true });
    expect(await returning(false)).toEqual({ score: 0, passed: false });
  });

  it('takes a number as the score and leaves the threshold to the runner (default 0.5)', async () => {
    const evaluator = createCodeEvaluator(await config('returnsTurnValue'), pool);
    expect(evaluator.default_threshold).toBe(0.5);
    expect(evaluator.requires_ground_truth).toBe(false);
    expect(await evaluator.evaluate(input({ turn_config: { value: 0.7 } }))).toEqual({ score: 0.7 });
  });

  it('accepts an async grader and a result object with reason and details', async () => {
    expect(await run('asyncResult')).toEqual({
      score: 0.25,
      passed: true,
      reasoning: 'close',
      details: { steps: [1, '2'] },
    });
  });

  it('leaves passed to the threshold when the result object omits it', async () => {
    expect(await returning({ score: 1 })).toEqual({ score: 1, reasoning: null, details: null });
  });

  it.each<[string, unknown, string]>([
    ['NaN', Number.NaN, 'returned score = NaN; a score must be a number from 0 to 1'],
    ['a score above 1', 1.5, 'returned score = 1.5; a score must be a number from 0 to 1'],
    ['a negative score', -0.1, 'returned score = -0.1; a score must be a number from 0 to 1'],
    [
      'a string',
      'yes',
      'returned a string ("yes"); expected true/false, a score from 0 to 1, or { score, passed?, reason?, details? }',
    ],
    [
      'undefined',
      undefined,
      'returned undefined; expected true/false, a score from 0 to 1, or { score, passed?, reason?, details? }',
    ],
    ['null', null, 'returned null; expected true/false, a score from 0 to 1, or { score, passed?, reason?, details? }'],
    [
      'a BigInt',
      1n,
      'returned 1n, a BigInt (a score is a number); expected true/false, a score from 0 to 1, or { score, passed?, reason?, details? }',
    ],
    [
      'an array',
      [1],
      'returned an array; expected true/false, a score from 0 to 1, or { score, passed?, reason?, details? }',
    ],
    [
      'a Date',
      new Date(0),
      'returned a Date object; expected true/false, a score from 0 to 1, or { score, passed?, reason?, details? }',
    ],
    [
      'a boxed number',
      new Number(1),
      'returned a Number object; expected true/false, a score from 0 to 1, or { score, passed?, reason?, details? }',
    ],
    [
      'an object without score',
      { passed: true },
      'returned result.score = undefined; a score must be a number from 0 to 1',
    ],
    ['an out-of-range object score', { score: 2 }, 'returned result.score = 2; a score must be a number from 0 to 1'],
    [
      'a non-boolean passed',
      { score: 1, passed: 'yes' },
      'returned result.passed = a string ("yes"); it must be true or false when set',
    ],
    ['a non-string reason', { score: 1, reason: 42 }, 'returned result.reason = 42; it must be a string when set'],
    [
      'a key that would be read as nothing, letting a failure pass',
      { score: 1, pass: false },
      'returned result.pass, which is not a key of a result (did you mean `passed`?); expected true/false, a score from 0 to 1, or { score, passed?, reason?, details? }',
    ],
    [
      'any other unknown key',
      { score: 1, verdict: 'no' },
      'returned result.verdict, which is not a key of a result; expected true/false, a score from 0 to 1, or { score, passed?, reason?, details? }',
    ],
  ])('rejects %s as an invalid return naming the grader', async (_label, value, message) => {
    const error = await rejection(returning(value));
    expect(error.code).toBe('GRADER_INVALID_RETURN');
    expect(error.message).toBe(`grader graders.ts:returnsTurnValue ${message}`);
  });

  it('rejects details that cannot be written as JSON', async () => {
    const error = await rejection(run('cyclicDetails'));
    expect(error.code).toBe('GRADER_INVALID_RETURN');
    expect(error.message).toMatch(
      /^grader graders\.ts:cyclicDetails returned result\.details that cannot be written as JSON: /,
    );
  });

  it('rejects a result of more than 32 MB in its worker thread, which lives on', async () => {
    const error = await rejection(run('hugeReason'));
    expect(error.code).toBe('GRADER_INVALID_RETURN');
    expect(error.message).toBe(
      "grader graders.ts:hugeReason returned more than the 32.0 MB a grader's result may be (its reason, details and every other text counted): return less (a short reason, details of a few fields)",
    );
    await expect(run('asyncResult')).resolves.toMatchObject({ score: expect.any(Number) });
  });

  it('rejects a value that cannot leave the worker thread', async () => {
    const error = await rejection(run('returnsFunction'));
    expect(error.code).toBe('GRADER_INVALID_RETURN');
    expect(error.message).toMatch(
      /^grader graders\.ts:returnsFunction returned a value that cannot be passed back from its worker thread \(DataCloneError: /,
    );
  });
});

describe('code evaluator failures', () => {
  it('names the grader and the error type and message when it throws', async () => {
    const error = await rejection(run('throwsTypeError'));
    expect(error.code).toBe('GRADER_THREW');
    // With where in the grader it threw, its TypeScript line as tsx maps it.
    expect(error.message).toMatch(
      /^grader graders\.ts:throwsTypeError threw TypeError: boom \(at test\/support\/evaluators\/fixtures\/graders\.ts:\d+:\d+\)$/,
    );
  });

  it('reports a rejected promise the same way, with custom error classes by name', async () => {
    const error = await rejection(run('rejectsCustom'));
    expect(error.message).toMatch(
      /^grader graders\.ts:rejectsCustom threw ProgramMismatch: step 2 differs \(at test\/support\/evaluators\/fixtures\/graders\.ts:\d+:\d+\)$/,
    );
  });

  it('describes thrown non-errors', async () => {
    const error = await rejection(run('throwsString'));
    expect(error.message).toBe('grader graders.ts:throwsString threw "plain text"');
  });

  it('times out after timeout_ms', async () => {
    const error = await rejection(run('neverSettles', { timeout_ms: 50 }));
    expect(error.code).toBe('GRADER_TIMEOUT');
    expect(error.message).toBe('grader graders.ts:neverSettles timed out after 50 ms');
  });

  it('stops a grader stuck in a synchronous loop at timeout_ms, and the next grader runs', async () => {
    const error = await rejection(run('spinsForever', { timeout_ms: 100 }));
    expect(error.code).toBe('GRADER_TIMEOUT');
    expect(error.message).toBe('grader graders.ts:spinsForever timed out after 100 ms');
    expect(await returning(true)).toEqual({ score: 1, passed: true });
  });

  it('reports a grader that calls process.exit, and replaces its worker', async () => {
    const error = await rejection(run('exitsProcess'));
    expect(error.code).toBe('GRADER_WORKER_ENDED');
    expect(error.message).toBe('grader graders.ts:exitsProcess called process.exit(0)');
    expect((await run('countCalls')).score).toBe(1);
  });

  it('stops waiting when the turn is aborted', async () => {
    const controller = new AbortController();
    const pending = run('neverSettles', { timeout_ms: 10_000 }, input({ signal: controller.signal }));
    setTimeout(() => controller.abort(new Error('interrupted by the user')), 20);
    const error = await rejection(pending);
    expect(error.code).toBe('EVALUATION_ABORTED');
    expect(error.message).toBe('grader graders.ts:neverSettles was interrupted: interrupted by the user');
  });

  it('does not call the grader when the turn is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const marker = join(await mkdtemp(join(tmpdir(), 'holodeck-grader-')), 'ran');
    const pending = run('leavesMarker', {}, input({ signal: controller.signal, turn_config: { marker } }));
    expect((await rejection(pending)).code).toBe('EVALUATION_ABORTED');
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses a grader that did not come from a module', async () => {
    const inline = { ...(await config('returnsTurnValue')), grader_fn: () => true };
    const error = await rejection(createCodeEvaluator(inline, pool).evaluate(input()));
    expect(error.code).toBe('GRADER_UNAVAILABLE');
  });
});
