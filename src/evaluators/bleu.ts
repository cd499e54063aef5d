/**
 * `standard` / `bleu`: sentence BLEU of the response against the ground truth, exactly as sacrebleu 2.x
 * `sentence_bleu(response, [ground_truth])` computes it (13a tokens, case-sensitive, exp smoothing,
 * effective order), reported on 0..1. Details carry sacrebleu's statistics.
 */
import type { StandardMetricConfig } from '../core/config-types.js';
import type { EvaluationInput, Evaluator, MetricOutcome } from '../core/evaluator.js';
import { metricNeeds } from './metric-needs.js';
import { sentenceBleu } from './nlp/sentence-bleu.js';

export function createBleuEvaluator(config: StandardMetricConfig): Evaluator {
  return {
    name: config.name,
    ...metricNeeds(config),
    default_threshold: 0.5,
    evaluate: async (input) => evaluateBleu(input),
  };
}

function evaluateBleu(input: EvaluationInput): MetricOutcome {
  const result = sentenceBleu(input.agent_response, input.ground_truth ?? '');
  // exp(log(x)) round-off can put a perfect match a few ulps above 1 (sacrebleu reports 100.00000000000004).
  const score = Math.min(1, Math.max(0, result.bleu));
  const precisions = result.precisions.map((p) => p.toFixed(1)).join('/');
  return {
    score,
    reasoning:
      `BLEU ${score.toFixed(4)}: n-gram precisions ${precisions}%, brevity penalty ${result.bp.toFixed(4)} ` +
      `(${result.sys_len} response tokens, ${result.ref_len} ground-truth tokens)`,
    details: {
      counts: result.counts,
      totals: result.totals,
      precisions: result.precisions,
      bp: result.bp,
      sys_len: result.sys_len,
      ref_len: result.ref_len,
    },
  };
}
