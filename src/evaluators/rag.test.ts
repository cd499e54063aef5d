import { describe, expect, it } from 'vitest';
import type { RagMetricConfig, RagMetricType } from '../core/config-types.js';
import type { EvaluationInput } from '../core/evaluator.js';
import type { Judge, JudgeRequest } from '../core/judge.js';
import { EvaluatorError } from './evaluator-error.js';
import { createRagEvaluator } from './rag.js';
import { rankedPrecision } from './rag-contextual-precision.js';

class FakeJudge implements Judge {
  readonly requests: JudgeRequest[] = [];
  constructor(private readonly answer: unknown) {}
  async judge(request: JudgeRequest): Promise<unknown> {
    this.requests.push(request);
    return this.answer;
  }
}

const CONTEXTS = ['net cash 2009: 206,588', 'the weather was sunny', 'net cash 2008: 181,001'];

function input(overrides: Partial<EvaluationInput> = {}): EvaluationInput {
  return {
    test_case_name: 't',
    turn_index: 0,
    turn_input: 'What is the change in net cash from 2008 to 2009?',
    agent_response: 'Net cash rose by 25,587, from 181,001 to 206,588.',
    ground_truth: 'The change is 25587.',
    retrieval_context: CONTEXTS,
    tool_invocations: [],
    turn_config: {},
    turn: {},
    earlier_turns: [],
    signal: new AbortController().signal,
    ...overrides,
  };
}

function evaluator(metric_type: RagMetricType, answer: unknown) {
  const config: RagMetricConfig = {
    type: 'rag',
    name: metric_type,
    enabled: true,
    threshold: null,
    metric_type,
    timeout_ms: null,
  };
  const judge = new FakeJudge(answer);
  return { judge, evaluator: createRagEvaluator(config, judge) };
}

async function rejection(promise: Promise<unknown>): Promise<EvaluatorError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof EvaluatorError)) throw new Error(`expected an EvaluatorError, got ${String(error)}`);
  return error;
}

const verdict = (context: number, v: string) => ({ context, verdict: v, reason: 'because' });

describe('rag evaluator requirements', () => {
  it.each<[RagMetricType, boolean, boolean]>([
    ['faithfulness', false, true],
    ['answer_relevancy', false, false],
    ['contextual_relevancy', false, true],
    ['contextual_precision', true, true],
    ['contextual_recall', true, true],
  ])('%s: ground truth %s, retrieval context %s', (metric, groundTruth, context) => {
    expect(evaluator(metric, null).evaluator).toMatchObject({
      name: metric,
      requires_ground_truth: groundTruth,
      requires_retrieval_context: context,
      default_threshold: 0.5,
    });
  });
});

describe('faithfulness', () => {
  const claims = [
    { claim: 'Net cash rose by 25,587', verdict: 'supported', reason: '206,588 - 181,001' },
    { claim: 'It was 181,001 in 2008', verdict: 'supported', reason: 'context 3' },
    { claim: 'It was 300,000 in 2009', verdict: 'contradicted', reason: 'context 1 says 206,588' },
    { claim: 'Analysts were pleased', verdict: 'unsupported', reason: 'not mentioned' },
  ];

  it('sends the input, the numbered contexts and the response', async () => {
    const { judge, evaluator: e } = evaluator('faithfulness', { claims });
    await e.evaluate(input());
    const request = judge.requests[0];
    expect(request?.schema_name).toBe('faithfulness_claims');
    expect(request?.prompt).toContain('What is the change in net cash from 2008 to 2009?');
    expect(request?.prompt).toContain(
      '[1] net cash 2009: 206,588\n\n[2] the weather was sunny\n\n[3] net cash 2008: 181,001',
    );
    expect(request?.prompt).toContain(
      '<assistant_response>\nNet cash rose by 25,587, from 181,001 to 206,588.\n</assistant_response>',
    );
  });

  it('scores the share of supported claims and names the others', async () => {
    const outcome = await evaluator('faithfulness', { claims }).evaluator.evaluate(input());
    expect(outcome.score).toBe(0.5);
    expect(outcome.reasoning).toBe(
      '2 of 4 claims supported by the retrieval context; contradicted: "It was 300,000 in 2009"; unsupported: "Analysts were pleased"',
    );
    expect(outcome.details).toEqual({ claims });
  });

  it('scores 1 when the response makes no factual claim', async () => {
    const outcome = await evaluator('faithfulness', { claims: [] }).evaluator.evaluate(
      input({ agent_response: 'Hello!' }),
    );
    expect(outcome).toMatchObject({ score: 1, reasoning: 'the response makes no factual claims to check' });
  });

  it('fails an empty response without asking the judge', async () => {
    const { judge, evaluator: e } = evaluator('faithfulness', { claims: [] });
    expect(await e.evaluate(input({ agent_response: '' }))).toMatchObject({ score: 0, passed: false });
    expect(judge.requests).toHaveLength(0);
  });

  it('rejects an unknown verdict with the field path', async () => {
    const answer = { claims: [{ claim: 'x', verdict: 'maybe', reason: 'r' }] };
    const error = await rejection(evaluator('faithfulness', answer).evaluator.evaluate(input()));
    expect(error.code).toBe('JUDGE_OUTPUT_INVALID');
    expect(error.message).toBe(
      'judge answer for metric "faithfulness" is invalid: answer.claims[0].verdict must be one of "supported", "contradicted", "unsupported", got "maybe"',
    );
  });
});

describe('answer_relevancy', () => {
  it('asks about the input and response only, and counts partly relevant statements', async () => {
    const statements = [
      { statement: 'Net cash rose by 25,587', verdict: 'relevant', reason: 'answers' },
      { statement: 'from 181,001 to 206,588', verdict: 'partly_relevant', reason: 'detail' },
      { statement: 'I like turtles', verdict: 'irrelevant', reason: 'off topic' },
    ];
    const { judge, evaluator: e } = evaluator('answer_relevancy', { statements });
    const outcome = await e.evaluate(input());
    expect(judge.requests[0]?.prompt).toContain('What is the change in net cash from 2008 to 2009?');
    expect(judge.requests[0]?.prompt).not.toContain('<retrieval_context>');
    expect(outcome.score).toBeCloseTo(2 / 3);
    expect(outcome.reasoning).toBe('2 of 3 statements address the input; irrelevant: "I like turtles"');
  });

  it('scores 0 when no statement answers the input', async () => {
    const outcome = await evaluator('answer_relevancy', { statements: [] }).evaluator.evaluate(input());
    expect(outcome.score).toBe(0);
  });
});

describe('contextual_relevancy', () => {
  it('scores the share of relevant contexts', async () => {
    const answer = { verdicts: [verdict(2, 'irrelevant'), verdict(1, 'relevant'), verdict(3, 'relevant')] };
    const { judge, evaluator: e } = evaluator('contextual_relevancy', answer);
    const outcome = await e.evaluate(input());
    expect(judge.requests[0]?.prompt).toContain('[2] the weather was sunny');
    expect(outcome.score).toBeCloseTo(2 / 3);
    expect(outcome.reasoning).toBe('2 of 3 retrieved contexts relevant to the input; irrelevant: #2');
    expect(outcome.details).toEqual({
      verdicts: [verdict(1, 'relevant'), verdict(2, 'irrelevant'), verdict(3, 'relevant')],
    });
  });

  it.each<[string, unknown[], string]>([
    [
      'a missing context',
      [verdict(1, 'relevant'), verdict(2, 'relevant')],
      'answer.verdicts must have one verdict for each of the 3 contexts, got 2',
    ],
    [
      'a duplicate context',
      [verdict(1, 'relevant'), verdict(1, 'relevant'), verdict(3, 'relevant')],
      'answer.verdicts has two verdicts for context 1',
    ],
    [
      'a context out of range',
      [verdict(1, 'relevant'), verdict(2, 'relevant'), verdict(4, 'relevant')],
      'answer.verdicts[2].context must be an integer from 1 to 3, got 4',
    ],
  ])('rejects verdicts with %s', async (_label, verdicts, message) => {
    const error = await rejection(evaluator('contextual_relevancy', { verdicts }).evaluator.evaluate(input()));
    expect(error.message).toBe(`judge answer for metric "contextual_relevancy" is invalid: ${message}`);
  });

  it.each(['contextual_relevancy', 'contextual_precision', 'contextual_recall'] as const)(
    'fails an empty response without asking the judge, though %s judges the contexts',
    async (metric) => {
      const answer = { verdicts: [verdict(1, 'relevant'), verdict(2, 'relevant'), verdict(3, 'relevant')] };
      const { judge, evaluator: e } = evaluator(metric, answer);
      expect(await e.evaluate(input({ agent_response: ' ' }))).toMatchObject({
        score: 0,
        passed: false,
        reasoning: 'the agent response is empty',
      });
      expect(judge.requests).toHaveLength(0);
    },
  );
});

describe('contextual_precision', () => {
  it('computes ranked precision from useful verdicts and shows the expected output to the judge', async () => {
    const answer = { verdicts: [verdict(1, 'useful'), verdict(2, 'not_useful'), verdict(3, 'useful')] };
    const { judge, evaluator: e } = evaluator('contextual_precision', answer);
    const outcome = await e.evaluate(input());
    expect(judge.requests[0]?.prompt).toContain('<expected_output>\nThe change is 25587.\n</expected_output>');
    expect(outcome.score).toBeCloseTo((1 / 1 + 2 / 3) / 2);
    expect(outcome.reasoning).toBe('useful contexts at ranks #1, #3 of 3; ranked precision 0.833');
  });

  it('scores 0 when no context is useful', async () => {
    const answer = { verdicts: [verdict(1, 'not_useful'), verdict(2, 'not_useful'), verdict(3, 'not_useful')] };
    const outcome = await evaluator('contextual_precision', answer).evaluator.evaluate(input());
    expect(outcome).toMatchObject({
      score: 0,
      reasoning: 'none of the retrieved contexts is useful for the expected output',
    });
  });

  it.each<[boolean[], number]>([
    [[true, true, false], 1],
    [[false, false, true], 1 / 3],
    [[false, true, false, true], (1 / 2 + 2 / 4) / 2],
    [[], 0],
  ])('rankedPrecision(%j) = %d', (useful, expected) => {
    expect(rankedPrecision(useful)).toBeCloseTo(expected);
  });
});

describe('contextual_recall', () => {
  it('scores the share of expected statements found in the context', async () => {
    const statements = [
      { statement: 'The change is 25587', verdict: 'attributable', reason: 'contexts 1 and 3' },
      { statement: 'It is a record', verdict: 'not_attributable', reason: 'not in the context' },
    ];
    const { judge, evaluator: e } = evaluator('contextual_recall', { statements });
    const outcome = await e.evaluate(input());
    expect(judge.requests[0]?.prompt).toContain('<expected_output>\nThe change is 25587.\n</expected_output>');
    expect(outcome.score).toBe(0.5);
    expect(outcome.reasoning).toBe(
      '1 of 2 expected statements found in the retrieval context; missing: "It is a record"',
    );
  });

  it('rejects an answer without statements', async () => {
    const error = await rejection(evaluator('contextual_recall', { statements: [] }).evaluator.evaluate(input()));
    expect(error.message).toBe(
      'judge answer for metric "contextual_recall" is invalid: answer.statements must have at least 1 item, got none',
    );
  });
});

describe('a later turn of a conversation', () => {
  const earlier_turns = [{ input: 'What was net cash in 2009?', response: '206,588', tool_invocations: [] }];
  it.each([
    'faithfulness',
    'answer_relevancy',
    'contextual_relevancy',
    'contextual_precision',
    'contextual_recall',
  ] as const)('puts the conversation so far in the %s prompt, before the input', async (metric) => {
    const { judge, evaluator: e } = evaluator(metric, null);
    await e.evaluate(input({ earlier_turns })).catch(() => null);
    const prompt = judge.requests[0]?.prompt ?? '';
    expect(prompt).toContain('<conversation>\nUser: What was net cash in 2009?\nAssistant: 206,588\n</conversation>');
    expect(prompt.indexOf('<conversation>')).toBeLessThan(prompt.indexOf('<user_input>'));
  });
});
