import { fileURLToPath } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { evaluationInput } from '../../test/support/evaluators/evaluation-input.js';
import type { EqualityOptions, MetricConfig, RagMetricConfig } from '../core/config-types.js';
import type { EvaluationInput } from '../core/evaluator.js';
import type { GraderFunction } from '../core/grader.js';
import type { Judge, JudgeRequest } from '../core/judge.js';
import { importUserExport } from '../loader/import-user-export.js';
import { EvaluatorError } from './evaluator-error.js';
import { evaluatorKey, type MetricConfigFor } from './evaluator-factory.js';
import { loadAllEvaluators } from './load-evaluators.js';

const createEvaluator = await loadAllEvaluators();

// Code graders run from their module (in a worker), so the grader is loaded as the configuration loader does.
const GRADER = 'graders.ts:answersOk';
const loadedGrader = await importUserExport(
  GRADER,
  fileURLToPath(new URL('../../test/support/evaluators/fixtures/', import.meta.url)),
);
if (!loadedGrader.ok) throw new Error(loadedGrader.message);

const base = { enabled: true, threshold: null } as const;
const equalityFlags = { case_insensitive: true, strip_whitespace: false, strip_punctuation: false };
const numericOptions = {
  absolute_tolerance: 0.5,
  relative_tolerance: 0,
  accept_percent: false,
  accept_thousands_separators: false,
};

const CONFIGS = {
  bleu: { ...base, type: 'standard', metric: 'bleu', name: 'bleu' },
  rouge: { ...base, type: 'standard', metric: 'rouge', name: 'rouge' },
  meteor: { ...base, type: 'standard', metric: 'meteor', name: 'meteor' },
  equality: { ...base, type: 'standard', metric: 'equality', name: 'eq', ...equalityFlags },
  numeric: { ...base, type: 'standard', metric: 'numeric', name: 'num', ...numericOptions },
  geval: { ...base, type: 'geval', name: 'judge', criteria: 'correct', evaluation_steps: ['check'], timeout_ms: null },
  rag: { ...base, type: 'rag', name: 'faith', metric_type: 'faithfulness', timeout_ms: null },
  code: {
    ...base,
    type: 'code',
    name: 'grader',
    grader: GRADER,
    timeout_ms: 5000,
    grader_fn: loadedGrader.value as GraderFunction,
  },
} satisfies Record<string, MetricConfig>;

const judge: Judge & { requests: JudgeRequest[] } = {
  requests: [],
  async judge(request) {
    this.requests.push(request);
    return request.schema_name === 'geval_score'
      ? { reasoning: 'fine', score: 8 }
      : { claims: [{ claim: 'c', verdict: 'supported', reason: 'r' }] };
  },
};

function input(agent_response: string, ground_truth: string | null = null): EvaluationInput {
  return evaluationInput(agent_response, ground_truth, ['ctx']);
}

describe('the evaluator registry, every kind loaded', () => {
  it.each(Object.values(CONFIGS))('creates the $name evaluator', (config) => {
    const evaluator = createEvaluator(config, { judge });
    expect(evaluator.name).toBe(config.name);
    expect(typeof evaluator.evaluate).toBe('function');
  });

  it('wires each deterministic key to its implementation', async () => {
    const equality = createEvaluator(CONFIGS.equality, { judge: null });
    expect((await equality.evaluate(input('YES', 'yes'))).passed).toBe(true);
    const numeric = createEvaluator(CONFIGS.numeric, { judge: null });
    expect((await numeric.evaluate(input('10.4', '10'))).passed).toBe(true);
    const code = createEvaluator(CONFIGS.code, { judge: null });
    expect(await code.evaluate(input('ok'))).toEqual({ score: 1, passed: true });
  });

  it('hands the judge to geval and rag evaluators', async () => {
    judge.requests.length = 0;
    const geval = await createEvaluator(CONFIGS.geval, { judge }).evaluate(input('answer'));
    const rag = await createEvaluator(CONFIGS.rag, { judge }).evaluate(input('answer'));
    expect(geval.score).toBe(0.8);
    expect(rag.score).toBe(1);
    expect(judge.requests.map((r) => r.schema_name)).toEqual(['geval_score', 'faithfulness_claims']);
  });

  it.each([CONFIGS.geval, CONFIGS.rag])('refuses to create $type without a judge', (config) => {
    let caught: unknown = null;
    try {
      createEvaluator(config, { judge: null });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EvaluatorError);
    expect((caught as EvaluatorError).code).toBe('JUDGE_NOT_CONFIGURED');
    expect((caught as EvaluatorError).message).toBe(
      `metric "${config.name}" (type ${config.type}) needs an LLM judge, but no judge model is available; set evaluations.model in agent.yaml`,
    );
  });

  it('keys standard metrics by metric and the others by type', () => {
    expect(Object.values(CONFIGS).map(evaluatorKey)).toEqual([
      'bleu',
      'rouge',
      'meteor',
      'equality',
      'numeric',
      'geval',
      'rag',
      'code',
    ]);
  });

  it('narrows the configuration each factory receives', () => {
    expectTypeOf<MetricConfigFor<'equality'>>().toExtend<EqualityOptions>();
    expectTypeOf<MetricConfigFor<'rag'>>().toEqualTypeOf<RagMetricConfig>();
    expectTypeOf<MetricConfigFor<'bleu'>>().not.toBeNever();
    expectTypeOf<MetricConfigFor<'code'>['grader']>().toBeString();
  });
});
