/**
 * `standard` / `rouge`: ROUGE of the response against the ground truth as Google's `rouge_score` computes it
 * with its defaults (its tokenizer, no stemming). The score is the ROUGE-L F1; details give precision,
 * recall and F1 of ROUGE-1, ROUGE-2, ROUGE-L and ROUGE-Lsum. ROUGE-Lsum, which needs a whole LCS table per pair of
 * lines, is left out (null) for a pair of lines too long to hold one.
 */
import type { StandardMetricConfig } from '../core/config-types.js';
import type { EvaluationInput, Evaluator, MetricOutcome } from '../core/evaluator.js';
import { metricNeeds } from './metric-needs.js';
import { MAX_LCS_TABLE_CELLS } from './nlp/lcs.js';
import { type RougeScore, rougeScores } from './nlp/rouge-score.js';

export function createRougeEvaluator(config: StandardMetricConfig): Evaluator {
  return {
    name: config.name,
    ...metricNeeds(config),
    default_threshold: 0.5,
    evaluate: async (input) => evaluateRouge(input),
  };
}

const LSUM_NOT_COMPUTED =
  `; ROUGE-Lsum not computed (details.rougeLsum is null): it compares each line of the answer with each line of the ` +
  `ground truth, and a pair of them holds more than ${MAX_LCS_TABLE_CELLS.toLocaleString('en-US')} token pairs`;

function plain(score: RougeScore): { precision: number; recall: number; fmeasure: number } {
  return { precision: score.precision, recall: score.recall, fmeasure: score.fmeasure };
}

function evaluateRouge(input: EvaluationInput): MetricOutcome {
  const scores = rougeScores(input.agent_response, input.ground_truth ?? '', { useStemmer: false });
  const { rougeL } = scores;
  return {
    score: rougeL.fmeasure,
    reasoning:
      `ROUGE-L F1 ${rougeL.fmeasure.toFixed(4)} (precision ${rougeL.precision.toFixed(4)}, ` +
      `recall ${rougeL.recall.toFixed(4)}); ROUGE-1 F1 ${scores.rouge1.fmeasure.toFixed(4)}, ` +
      `ROUGE-2 F1 ${scores.rouge2.fmeasure.toFixed(4)}` +
      (scores.rougeLsum === null ? LSUM_NOT_COMPUTED : ''),
    details: {
      rouge1: plain(scores.rouge1),
      rouge2: plain(scores.rouge2),
      rougeL: plain(scores.rougeL),
      rougeLsum: scores.rougeLsum === null ? null : plain(scores.rougeLsum),
    },
  };
}
