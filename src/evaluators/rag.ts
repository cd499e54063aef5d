/**
 * `rag`: LLM-judge metrics over a turn's `retrieval_context`, as in the RAG-evaluation literature:
 * faithfulness (claims of the response supported by the context), answer_relevancy (statements of the
 * response that address the input), contextual_relevancy (contexts relevant to the input),
 * contextual_precision (useful contexts ranked first; needs ground truth) and contextual_recall (expected
 * output covered by the context; needs ground truth). Scores are in [0, 1]; default threshold 0.5.
 */
import type { RagMetricConfig, RagMetricType } from '../core/config-types.js';
import type { EvaluationInput, Evaluator, MetricOutcome } from '../core/evaluator.js';
import type { Judge } from '../core/judge.js';
import { askJudge } from './judge-output.js';
import { JUDGE_SYSTEM_PROMPT } from './judge-prompt.js';
import { metricNeeds } from './metric-needs.js';
import { answerRelevancy } from './rag-answer-relevancy.js';
import { contextualPrecision } from './rag-contextual-precision.js';
import { contextualRecall } from './rag-contextual-recall.js';
import { contextualRelevancy } from './rag-contextual-relevancy.js';
import { faithfulness } from './rag-faithfulness.js';
import type { RagMetric } from './rag-metric.js';

/** A RAG metric with its answer type bound, so metrics with different answers share one registry. */
interface BoundRagMetric {
  run(judge: Judge, metricName: string, input: EvaluationInput, timeoutMs: number | null): Promise<MetricOutcome>;
}

const RAG_METRICS: { readonly [K in RagMetricType]: BoundRagMetric } = {
  faithfulness: bind(faithfulness),
  answer_relevancy: bind(answerRelevancy),
  contextual_relevancy: bind(contextualRelevancy),
  contextual_precision: bind(contextualPrecision),
  contextual_recall: bind(contextualRecall),
};

export function createRagEvaluator(config: RagMetricConfig, judge: Judge): Evaluator {
  const metric = RAG_METRICS[config.metric_type];
  return {
    name: config.name,
    ...metricNeeds(config),
    default_threshold: 0.5,
    evaluate: (input) => metric.run(judge, config.name, input, config.timeout_ms),
  };
}

function bind<Answer>(metric: RagMetric<Answer>): BoundRagMetric {
  return {
    run: async (judge, metricName, input, timeoutMs) => {
      // Even the metrics that judge the retrieval rather than the response: a turn answered with nothing
      // passes none of its metrics.
      if (input.agent_response.trim() === '') {
        return { score: 0, passed: false, reasoning: 'the agent response is empty', details: null };
      }
      const request = {
        system: JUDGE_SYSTEM_PROMPT,
        prompt: metric.prompt(input),
        schema: metric.schema,
        schema_name: metric.schema_name,
        signal: input.signal,
        timeout_ms: timeoutMs,
        ...(input.on_judge_usage === undefined ? {} : { on_usage: input.on_judge_usage }),
        ...(input.on_judge_retry === undefined ? {} : { on_retry: input.on_judge_retry }),
      };
      const answer = await askJudge(judge, metricName, request, metric.read(input));
      return metric.outcome(answer, input);
    },
  };
}
