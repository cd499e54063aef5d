import { describe, expect, it } from 'vitest';
import type { MetricConfig } from '../core/config-types.js';
import { EvaluatorError } from './evaluator-error.js';
import { loadAllEvaluators, loadEvaluators } from './load-evaluators.js';

const createEvaluator = await loadAllEvaluators();

const base = { enabled: true, threshold: null } as const;
const equality: MetricConfig = {
  ...base,
  type: 'standard',
  metric: 'equality',
  name: 'eq',
  case_insensitive: true,
  strip_whitespace: false,
  strip_punctuation: false,
};
const bleu: MetricConfig = { ...base, type: 'standard', metric: 'bleu', name: 'bleu' };
const isJson: MetricConfig = { ...base, type: 'standard', metric: 'is_json', name: 'json' };
const geval: MetricConfig = {
  ...base,
  type: 'geval',
  name: 'judge',
  criteria: 'correct',
  evaluation_steps: ['check'],
  timeout_ms: null,
};

describe('loadEvaluators', () => {
  it('creates the evaluators of the kinds it loaded, as the registry with every kind loaded does', async () => {
    const create = await loadEvaluators([equality, bleu, equality]);
    for (const config of [equality, bleu]) {
      const loaded = create(config, { judge: null });
      const full = createEvaluator(config, { judge: null });
      expect([loaded.name, loaded.requires_ground_truth, loaded.default_threshold]).toEqual([
        full.name,
        full.requires_ground_truth,
        full.default_threshold,
      ]);
    }
  });

  it('refuses, naming the metric, a kind that was not loaded for the run', async () => {
    const create = await loadEvaluators([equality]);
    expect(() => create(bleu, { judge: null })).toThrow(
      new EvaluatorError('EVALUATOR_NOT_LOADED', 'metric "bleu" (bleu) was not among the metrics loaded for the run'),
    );
  });

  it('keeps the full registry’s refusals: a judge metric without a judge model', async () => {
    const create = await loadEvaluators([geval, isJson]);
    expect(() => create(geval, { judge: null })).toThrow(/needs an LLM judge, but no judge model is available/);
    expect(create(isJson, { judge: null }).name).toBe(createEvaluator(isJson, { judge: null }).name);
  });
});
