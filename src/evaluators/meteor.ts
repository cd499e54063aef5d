/**
 * `standard` / `meteor`: METEOR of the response against the ground truth as NLTK 3.10
 * `meteor_score([ground_truth.split()], response.split())` computes it: whitespace tokens, exact, Porter-stem
 * and WordNet 3.0 synonym matching, alpha 0.9, beta 3, gamma 0.5. The WordNet data is loaded on first use.
 */
import type { StandardMetricConfig } from '../core/config-types.js';
import type { EvaluationInput, Evaluator, MetricOutcome } from '../core/evaluator.js';
import { metricNeeds } from './metric-needs.js';
import { meteorScore, type SynonymSource } from './nlp/meteor-score.js';
import { pythonSplit } from './nlp/python-text.js';
import { sharedWordNet } from './nlp/wordnet-loader.js';

export interface MeteorEvaluatorOptions {
  /** Where the synonym stage's WordNet comes from; defaults to the shipped WordNet 3.0 data. */
  readonly wordnet?: () => Promise<SynonymSource>;
}

export function createMeteorEvaluator(config: StandardMetricConfig, options: MeteorEvaluatorOptions = {}): Evaluator {
  const wordnet = options.wordnet ?? sharedWordNet;
  return {
    name: config.name,
    ...metricNeeds(config),
    default_threshold: 0.5,
    evaluate: async (input) => evaluateMeteor(input, await wordnet()),
  };
}

function evaluateMeteor(input: EvaluationInput, synonyms: SynonymSource): MetricOutcome {
  const result = meteorScore(pythonSplit(input.agent_response), pythonSplit(input.ground_truth ?? ''), { synonyms });
  const chunks = result.matches === 0 ? 0 : result.chunks;
  return {
    score: result.score,
    reasoning:
      `METEOR ${result.score.toFixed(4)}: ${result.matches} of ${result.hyp_len} response and ` +
      `${result.ref_len} ground-truth words matched in ${chunks} chunk${chunks === 1 ? '' : 's'} ` +
      `(fragmentation penalty ${result.penalty.toFixed(4)})`,
    details: {
      matches: result.matches,
      chunks,
      hyp_len: result.hyp_len,
      ref_len: result.ref_len,
      precision: result.precision,
      recall: result.recall,
      fmean: result.fmean,
      penalty: result.penalty,
    },
  };
}
