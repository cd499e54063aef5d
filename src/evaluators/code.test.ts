import { describe, expect, it } from 'vitest';
import type { CodeMetricConfig } from '../core/config-types.js';
import type { EvaluationInput } from '../core/evaluator.js';
import type { GraderContext, GraderFunction } from '../core/grader.js';
import { createCodeEvaluator } from './code.js';
import { EvaluatorError } from './evaluator-error.js';

const GRADER = 'graders/x.ts:fn';

function config(grader_fn: GraderFunction, overrides: Partial<CodeMetricConfig> = {}): CodeMetricConfig {
  return {
    type: 'code',
    name: 'program',
    enabled: true,
    threshold: null,
    grader: GRADER,
    timeout_ms: 1000,
    grader_fn,
    ...overrides,
  };
}

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
    signal: new AbortController().signal,
    ...overrides,
  };
}

const run = (grader_fn: GraderFunction, overrides: Partial<CodeMetricConfig> = {}, given = input()) =>
  createCodeEvaluator(config(grader_fn, overrides)).evaluate(given);

async function rejection(promise: Promise<unknown>): Promise<EvaluatorError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof EvaluatorError)) throw new Error(`expected an EvaluatorError, got ${String(error)}`);
  return error;
}

describe('code evaluator context', () => {
  it('hands the grader every field of the turn', async () => {
    let seen: GraderContext | null = null;
    await run((context) => {
      seen = context;
      return true;
    });
    expect(seen).toEqual({
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
    });
  });

  it('freezes the context at every level and leaves the runner data untouched', async () => {
    const given = input();
    const attempts: string[] = [];
    const outcome = await run(
      (context) => {
        const mutations: Array<[string, () => void]> = [
          ['top', () => Object.assign(context, { agent_response: 'x' })],
          ['invocation args', () => Object.assign(context.tool_invocations[0]?.args ?? {}, { a: 0 })],
          ['invocations list', () => (context.tool_invocations as unknown[]).push(1)],
          [
            'turn_config nested',
            () => ((context.turn_config['nested'] as { list: number[] }).list as number[]).push(3),
          ],
          ['turn', () => Object.assign(context.turn, { input: 'x' })],
        ];
        for (const [label, mutate] of mutations) {
          try {
            mutate();
          } catch (error) {
            if (error instanceof TypeError) attempts.push(label);
          }
        }
        return true;
      },
      {},
      given,
    );
    expect(outcome.passed).toBe(true);
    expect(attempts).toEqual(['top', 'invocation args', 'invocations list', 'turn_config nested', 'turn']);
    expect(Object.isFrozen(given.tool_invocations[0]?.args)).toBe(false);
  });
});

describe('code evaluator returns', () => {
  it('maps true and false to 1/0 with passed', async () => {
    expect(await run(() => true)).toEqual({ score: 1, passed: true });
    expect(await run(() => false)).toEqual({ score: 0, passed: false });
  });

  it('takes a number as the score and leaves the threshold to the runner (default 0.5)', async () => {
    const evaluator = createCodeEvaluator(config(() => 0.7));
    expect(evaluator.default_threshold).toBe(0.5);
    expect(evaluator.requires_ground_truth).toBe(false);
    expect(await evaluator.evaluate(input())).toEqual({ score: 0.7 });
  });

  it('accepts an async grader and a result object with reason and details', async () => {
    const outcome = await run(async () => ({
      score: 0.25,
      passed: true,
      reason: 'close',
      details: { steps: [1, 2n] },
    }));
    expect(outcome).toEqual({ score: 0.25, passed: true, reasoning: 'close', details: { steps: [1, '2'] } });
  });

  it('leaves passed to the threshold when the result object omits it', async () => {
    expect(await run(() => ({ score: 1 }))).toEqual({ score: 1, reasoning: null, details: null });
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
      'an array',
      [1],
      'returned an array; expected true/false, a score from 0 to 1, or { score, passed?, reason?, details? }',
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
  ])('rejects %s as an invalid return naming the grader', async (_label, value, message) => {
    const error = await rejection(run(() => value as never));
    expect(error.code).toBe('GRADER_INVALID_RETURN');
    expect(error.message).toBe(`grader ${GRADER} ${message}`);
  });

  it('rejects details that cannot be written as JSON', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    const error = await rejection(run(() => ({ score: 1, details: cyclic })));
    expect(error.code).toBe('GRADER_INVALID_RETURN');
    expect(error.message).toMatch(
      /^grader graders\/x\.ts:fn returned result\.details that cannot be written as JSON: /,
    );
  });
});

describe('code evaluator failures', () => {
  it('names the grader and the error type and message when it throws', async () => {
    const error = await rejection(
      run(() => {
        throw new TypeError('boom');
      }),
    );
    expect(error.code).toBe('GRADER_THREW');
    expect(error.message).toBe(`grader ${GRADER} threw TypeError: boom`);
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('reports a rejected promise the same way, with custom error classes by name', async () => {
    class ProgramMismatch extends Error {}
    const error = await rejection(run(async () => Promise.reject(new ProgramMismatch('step 2 differs'))));
    expect(error.message).toBe(`grader ${GRADER} threw ProgramMismatch: step 2 differs`);
  });

  it('describes thrown non-errors', async () => {
    const error = await rejection(
      run(() => {
        throw 'plain text';
      }),
    );
    expect(error.message).toBe(`grader ${GRADER} threw "plain text"`);
  });

  it('times out after timeout_ms', async () => {
    const started = Date.now();
    const error = await rejection(run(() => new Promise<boolean>(() => {}), { timeout_ms: 50 }));
    expect(error.code).toBe('GRADER_TIMEOUT');
    expect(error.message).toBe(`grader ${GRADER} timed out after 50 ms`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('stops waiting when the turn is aborted', async () => {
    const controller = new AbortController();
    const pending = run(
      () => new Promise<boolean>(() => {}),
      { timeout_ms: 10_000 },
      input({ signal: controller.signal }),
    );
    controller.abort(new Error('interrupted by the user'));
    const error = await rejection(pending);
    expect(error.code).toBe('EVALUATION_ABORTED');
    expect(error.message).toBe(`grader ${GRADER} was interrupted: interrupted by the user`);
  });

  it('does not call the grader when the turn is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    let called = false;
    const pending = run(
      () => {
        called = true;
        return true;
      },
      {},
      input({ signal: controller.signal }),
    );
    expect((await rejection(pending)).code).toBe('EVALUATION_ABORTED');
    expect(called).toBe(false);
  });
});
