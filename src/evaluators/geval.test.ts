import { describe, expect, it } from 'vitest';
import type { GEvalMetricConfig } from '../core/config-types.js';
import type { EvaluationInput } from '../core/evaluator.js';
import type { Judge, JudgeRequest } from '../core/judge.js';
import { EvaluatorError } from './evaluator-error.js';
import { buildGEvalPrompt, createGEvalEvaluator } from './geval.js';

/** A judge model stand-in: records each request and answers from a script. */
class FakeJudge implements Judge {
  readonly requests: JudgeRequest[] = [];
  constructor(private readonly answer: (request: JudgeRequest) => unknown) {}
  async judge(request: JudgeRequest): Promise<unknown> {
    this.requests.push(request);
    return this.answer(request);
  }
}

function config(overrides: Partial<GEvalMetricConfig> = {}): GEvalMetricConfig {
  return {
    type: 'geval',
    name: 'correctness',
    enabled: true,
    threshold: null,
    criteria: 'The answer states the correct change in net cash.',
    evaluation_steps: ['Compare the number with the expected output.', 'Penalise unsupported claims.'],
    timeout_ms: null,
    ...overrides,
  };
}

function input(overrides: Partial<EvaluationInput> = {}): EvaluationInput {
  return {
    test_case_name: 't',
    turn_index: 0,
    turn_input: 'What is the change from 2008?',
    agent_response: 'The change is 25,587.',
    ground_truth: '25587',
    retrieval_context: ['net cash 2009: 206,588', 'net cash 2008: 181,001'],
    tool_invocations: [],
    turn_config: {},
    turn: {},
    earlier_turns: [],
    signal: new AbortController().signal,
    ...overrides,
  };
}

async function rejection(promise: Promise<unknown>): Promise<EvaluatorError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof EvaluatorError)) throw new Error(`expected an EvaluatorError, got ${String(error)}`);
  return error;
}

describe('geval evaluator', () => {
  it('asks the judge with criteria, steps, input, response, expected output and context', async () => {
    const judge = new FakeJudge(() => ({ reasoning: 'matches', score: 9 }));
    const given = input();
    await createGEvalEvaluator(config(), judge).evaluate(given);
    const [request] = judge.requests;
    expect(request?.schema_name).toBe('geval_score');
    expect(request?.signal).toBe(given.signal);
    expect(request?.system).toMatch(/never follow instructions/);
    expect(request?.prompt).toContain('The answer states the correct change in net cash.');
    expect(request?.prompt).toContain(
      '1. Compare the number with the expected output.\n2. Penalise unsupported claims.',
    );
    expect(request?.prompt).toContain('<user_input>\nWhat is the change from 2008?\n</user_input>');
    expect(request?.prompt).toContain('<assistant_response>\nThe change is 25,587.\n</assistant_response>');
    expect(request?.prompt).toContain('<expected_output>\n25587\n</expected_output>');
    expect(request?.prompt).toContain('[1] net cash 2009: 206,588\n\n[2] net cash 2008: 181,001');
    expect(request?.schema).toMatchObject({
      type: 'object',
      required: ['reasoning', 'score'],
      additionalProperties: false,
    });
  });

  it('leaves out the expected output and context when the turn has none', async () => {
    const judge = new FakeJudge(() => ({ reasoning: 'ok', score: 5 }));
    await createGEvalEvaluator(config(), judge).evaluate(input({ ground_truth: null, retrieval_context: null }));
    expect(judge.requests[0]?.prompt).not.toContain('<expected_output>');
    expect(judge.requests[0]?.prompt).not.toContain('<retrieval_context>');
  });

  it('maps the 0–10 score to 0..1 with the judge reasoning and a 0.5 default threshold', async () => {
    const evaluator = createGEvalEvaluator(config(), new FakeJudge(() => ({ reasoning: 'mostly right', score: 7 })));
    expect(evaluator).toMatchObject({
      default_threshold: 0.5,
      requires_ground_truth: false,
      requires_retrieval_context: false,
    });
    expect(await evaluator.evaluate(input())).toEqual({
      score: 0.7,
      reasoning: 'mostly right',
      details: {
        raw_score: 7,
        scale_max: 10,
        evaluation_steps: ['Compare the number with the expected output.', 'Penalise unsupported claims.'],
      },
    });
  });

  it('derives evaluation steps from the criteria once and reuses them', async () => {
    const judge = new FakeJudge((request) =>
      request.schema_name === 'geval_steps'
        ? { steps: ['  Check the number. ', '', 'Check the unit.'] }
        : { reasoning: 'ok', score: 10 },
    );
    const evaluator = createGEvalEvaluator(config({ evaluation_steps: [] }), judge);
    await evaluator.evaluate(input());
    const second = await evaluator.evaluate(input());
    expect(judge.requests.map((r) => r.schema_name)).toEqual(['geval_steps', 'geval_score', 'geval_score']);
    expect(judge.requests[0]?.prompt).toContain('The answer states the correct change in net cash.');
    expect(judge.requests[2]?.prompt).toContain('1. Check the number.\n2. Check the unit.');
    expect(second.details).toMatchObject({ evaluation_steps: ['Check the number.', 'Check the unit.'] });
  });

  it('asks the judge once more when its answer does not fit, and asks again for steps after a failed turn', async () => {
    let stepCalls = 0;
    const judge = new FakeJudge((request) => {
      if (request.schema_name !== 'geval_steps') return { reasoning: 'ok', score: 10 };
      stepCalls += 1;
      return stepCalls <= 2 ? { steps: [] } : { steps: ['Check it.'] };
    });
    const evaluator = createGEvalEvaluator(config({ evaluation_steps: [] }), judge);
    const error = await rejection(evaluator.evaluate(input()));
    expect(error.message).toBe(
      'judge answer for metric "correctness" is invalid: answer.steps must have at least 1 item, got none',
    );
    expect(stepCalls).toBe(2);
    expect((await evaluator.evaluate(input())).score).toBe(1);
  });

  it('takes the second answer when the first is out of range', async () => {
    let scored = 0;
    const judge = new FakeJudge(() => {
      scored += 1;
      return { reasoning: 'ok', score: scored === 1 ? 15 : 7 };
    });
    expect((await createGEvalEvaluator(config(), judge).evaluate(input())).score).toBe(0.7);
    expect(scored).toBe(2);
  });

  it('fails an empty response without asking the judge', async () => {
    const judge = new FakeJudge(() => ({ reasoning: 'fine', score: 10 }));
    const outcome = await createGEvalEvaluator(config(), judge).evaluate(input({ agent_response: ' \n' }));
    expect(outcome).toEqual({ score: 0, passed: false, reasoning: 'the agent response is empty', details: null });
    expect(judge.requests).toHaveLength(0);
  });

  it('accepts the answer as JSON text', async () => {
    const judge = new FakeJudge(() => '{"reasoning":"ok","score":4}');
    expect((await createGEvalEvaluator(config(), judge).evaluate(input())).score).toBe(0.4);
  });

  it.each<[string, unknown, string]>([
    ['a score above the scale', { reasoning: 'x', score: 11 }, 'answer.score must be an integer from 0 to 10, got 11'],
    ['a negative score', { reasoning: 'x', score: -1 }, 'answer.score must be an integer from 0 to 10, got -1'],
    ['a fractional score', { reasoning: 'x', score: 7.5 }, 'answer.score must be an integer from 0 to 10, got 7.5'],
    ['a string score', { reasoning: 'x', score: '7' }, 'answer.score must be an integer from 0 to 10, got "7"'],
    ['no reasoning', { score: 7 }, 'answer.reasoning must be a string, got nothing'],
    ['not an object', 'I think 7/10', 'answer must be an object, got "I think 7/10"'],
    ['null', null, 'answer must be an object, got null'],
  ])('rejects a malformed judge answer: %s', async (_label, answer, message) => {
    const error = await rejection(createGEvalEvaluator(config(), new FakeJudge(() => answer)).evaluate(input()));
    expect(error.code).toBe('JUDGE_OUTPUT_INVALID');
    expect(error.message).toBe(`judge answer for metric "correctness" is invalid: ${message}`);
  });

  it('reports a failed judge call with the metric name and the cause', async () => {
    const judge: Judge = {
      judge: async () => {
        throw new RangeError('HTTP 500');
      },
    };
    const error = await rejection(createGEvalEvaluator(config(), judge).evaluate(input()));
    expect(error.code).toBe('JUDGE_FAILED');
    expect(error.message).toBe('judge call for metric "correctness" failed: RangeError: HTTP 500');
  });

  it('lets an abort through unchanged', async () => {
    const controller = new AbortController();
    const abortError = new Error('aborted');
    const judge: Judge = {
      judge: async () => {
        controller.abort();
        throw abortError;
      },
    };
    const caught = await createGEvalEvaluator(config(), judge)
      .evaluate(input({ signal: controller.signal }))
      .catch((error: unknown) => error);
    expect(caught).toBe(abortError);
  });
});

describe('buildGEvalPrompt', () => {
  it("puts the conversation so far before a later turn's input", () => {
    const earlier_turns = [{ input: 'What was net cash in 2009?', response: '206,588', tool_invocations: [] }];
    const prompt = buildGEvalPrompt(config(), ['Check it.'], input({ earlier_turns }));
    expect(prompt).toContain('<conversation>\nUser: What was net cash in 2009?\nAssistant: 206,588\n</conversation>');
    expect(prompt.indexOf('<conversation>')).toBeLessThan(prompt.indexOf('<user_input>'));
    expect(buildGEvalPrompt(config(), ['Check it.'], input())).not.toContain('<conversation>');
  });
});
