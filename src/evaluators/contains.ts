/**
 * `standard` / `contains` and `not_contains`: plain-text search in the answer, no ground truth needed.
 * contains passes when every value appears; not_contains when none does. Texts are compared in Unicode NFC.
 * `case_sensitive` defaults to true; false compares lower-cased texts, ß folded to ss. Score 1 or 0; the reasoning names the missing or offending values.
 */
import type { StandardMetricConfig } from '../core/config-types.js';
import type { EvaluationInput, Evaluator, MetricOutcome } from '../core/evaluator.js';
import { metricNeeds } from './metric-needs.js';
import { quoteText } from './quote-text.js';

export type ContainsMetricConfig = Extract<StandardMetricConfig, { readonly metric: 'contains' | 'not_contains' }>;

/** Characters of the answer shown on each side of an offending value. */
const CONTEXT = 30;

export function createContainsEvaluator(config: ContainsMetricConfig): Evaluator {
  return {
    name: config.name,
    ...metricNeeds(config),
    default_threshold: null,
    evaluate: async (input) => evaluateContains(config, input),
  };
}

function evaluateContains(config: ContainsMetricConfig, input: EvaluationInput): MetricOutcome {
  // Compared in Unicode NFC: an "é" written as e + combining accent is the same text, and cannot slip past
  // not_contains. Ignoring case also folds ß to ss (as "STRASSE" writes "Straße").
  const fold = (text: string) => {
    const composed = text.normalize('NFC');
    return config.case_sensitive ? composed : composed.toLowerCase().replace(/ß/g, 'ss');
  };
  const shown = input.agent_response.normalize('NFC');
  const answer = fold(input.agent_response);
  const positions = config.values.map((value) => answer.indexOf(fold(value)));
  const found = config.values.filter((_, i) => (positions[i] ?? -1) >= 0);
  const missing = config.values.filter((_, i) => (positions[i] ?? -1) < 0);
  const details = { found, missing, case_sensitive: config.case_sensitive };
  const how = config.case_sensitive ? '' : ' (ignoring case)';
  if (config.metric === 'contains') {
    if (missing.length === 0) return outcome(true, `the answer contains ${list(found)}${how}`, details);
    return outcome(false, `the answer lacks ${list(missing)}${how}`, details);
  }
  if (found.length === 0) return outcome(true, `the answer contains none of ${list(config.values)}${how}`, details);
  const first = config.values.findIndex((_, i) => (positions[i] ?? -1) >= 0);
  const at = positions[first] ?? 0;
  const value = config.values[first] ?? '';
  const excerpt = shown.slice(Math.max(0, at - CONTEXT), at + value.length + CONTEXT);
  const reason = `the answer contains ${list(found)}${how}, first at offset ${at}: …${quoteText(excerpt)}…`;
  return outcome(false, reason, details);
}

function outcome(passed: boolean, reasoning: string, details: MetricOutcome['details']): MetricOutcome {
  return { score: passed ? 1 : 0, passed, reasoning, details };
}

function list(values: readonly string[]): string {
  return values.map((value) => quoteText(value)).join(', ');
}
