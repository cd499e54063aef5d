/**
 * `standard` / `is_json`: the answer parses as JSON (see parse-json-answer.ts for what is parsed). No ground
 * truth needed. Score 1 or 0.
 */
import type { StandardMetricConfig } from '../core/config-types.js';
import type { Evaluator, MetricOutcome } from '../core/evaluator.js';
import { metricNeeds } from './metric-needs.js';
import { parseJsonAnswer } from './parse-json-answer.js';

export type IsJsonMetricConfig = Extract<StandardMetricConfig, { readonly metric: 'is_json' }>;

export function createIsJsonEvaluator(config: IsJsonMetricConfig): Evaluator {
  return {
    name: config.name,
    ...metricNeeds(config),
    default_threshold: null,
    evaluate: async (input): Promise<MetricOutcome> => {
      const parsed = parseJsonAnswer(input.agent_response);
      if (!parsed.ok) return { score: 0, passed: false, reasoning: parsed.reason, details: null };
      const where = parsed.fenced ? 'the fenced block of the answer' : 'the answer';
      return { score: 1, passed: true, reasoning: `${where} is JSON (${kindOf(parsed.value)})`, details: null };
    },
  };
}

export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
