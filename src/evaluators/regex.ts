/**
 * `standard` / `regex`: the pattern is searched for anywhere in the answer (use `^…$` to match the whole
 * answer), with the linear-time engine compiled at load time, so no answer can make it backtrack. No ground
 * truth needed. Score 1 or 0.
 */
import type { StandardMetricConfig } from '../core/config-types.js';
import type { EvaluationInput, Evaluator, MetricOutcome } from '../core/evaluator.js';
import { metricNeeds } from './metric-needs.js';
import { quoteText } from './quote-text.js';

export type RegexMetricConfig = Extract<StandardMetricConfig, { readonly metric: 'regex' }>;

export function createRegexEvaluator(config: RegexMetricConfig): Evaluator {
  return {
    name: config.name,
    ...metricNeeds(config),
    default_threshold: null,
    evaluate: async (input) => evaluateRegex(config, input),
  };
}

function evaluateRegex(config: RegexMetricConfig, input: EvaluationInput): MetricOutcome {
  // In Unicode NFC, as patterns are written: an "é" sent as e + combining accent still matches /café/.
  const found = config.regex.search(input.agent_response.normalize('NFC'));
  const pattern = `/${config.pattern}/${config.case_sensitive ? '' : 'i'}`;
  const details = { pattern: config.pattern, case_sensitive: config.case_sensitive };
  if (found) return { score: 1, passed: true, reasoning: `the answer matches ${pattern}`, details };
  const reasoning = `no match for ${pattern} in the answer ${quoteText(input.agent_response)}`;
  return { score: 0, passed: false, reasoning, details };
}
