/**
 * What a metric reads from a turn beside the agent's answer. A metric needing what a turn lacks is skipped
 * on that turn (not failed); the evaluators take their `requires_*` flags from here, and the check for test
 * cases that assert nothing reads the same table.
 */
import type { MetricConfig, RagMetricType, StandardMetricName } from '../core/config-types.js';

export interface MetricNeeds {
  readonly requires_ground_truth: boolean;
  readonly requires_retrieval_context: boolean;
}

const ANSWER_ONLY: MetricNeeds = { requires_ground_truth: false, requires_retrieval_context: false };
const GROUND_TRUTH: MetricNeeds = { requires_ground_truth: true, requires_retrieval_context: false };
const CONTEXT: MetricNeeds = { requires_ground_truth: false, requires_retrieval_context: true };
const BOTH: MetricNeeds = { requires_ground_truth: true, requires_retrieval_context: true };

const STANDARD: { readonly [K in StandardMetricName]: MetricNeeds } = {
  bleu: GROUND_TRUTH,
  rouge: GROUND_TRUTH,
  meteor: GROUND_TRUTH,
  equality: GROUND_TRUTH,
  numeric: GROUND_TRUTH,
  contains: ANSWER_ONLY,
  not_contains: ANSWER_ONLY,
  regex: ANSWER_ONLY,
  is_json: ANSWER_ONLY,
  json_schema: ANSWER_ONLY,
};

const RAG: { readonly [K in RagMetricType]: MetricNeeds } = {
  faithfulness: CONTEXT,
  answer_relevancy: ANSWER_ONLY,
  contextual_relevancy: CONTEXT,
  contextual_precision: BOTH,
  contextual_recall: BOTH,
};

export function metricNeeds(config: MetricConfig): MetricNeeds {
  switch (config.type) {
    case 'standard':
      return STANDARD[config.metric];
    case 'rag':
      return RAG[config.metric_type];
    case 'geval':
    case 'code':
      return ANSWER_ONLY;
  }
}
