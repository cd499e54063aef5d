/**
 * `standard` / `json_schema`: the answer parses as JSON (as for is_json) and validates against the schema
 * compiled at load time. No ground truth needed. Score 1 or 0; a failure names the first violations with
 * their paths in the answer. An answer nested deeper than the validator's stack reaches (a schema that refers to
 * itself, checked against thousands of levels) is an error saying so.
 */
import type { StandardMetricConfig } from '../core/config-types.js';
import type { Evaluator, MetricOutcome } from '../core/evaluator.js';
import type { JsonValue } from '../core/json.js';
import { EvaluatorError } from './evaluator-error.js';
import { metricNeeds } from './metric-needs.js';
import { parseJsonAnswer } from './parse-json-answer.js';

export type JsonSchemaMetricConfig = Extract<StandardMetricConfig, { readonly metric: 'json_schema' }>;

/** Violations named in the reasoning; details keep them all. */
const SHOWN = 3;

export function createJsonSchemaEvaluator(config: JsonSchemaMetricConfig): Evaluator {
  return {
    name: config.name,
    ...metricNeeds(config),
    default_threshold: null,
    evaluate: async (input): Promise<MetricOutcome> => {
      const parsed = parseJsonAnswer(input.agent_response);
      if (!parsed.ok) return { score: 0, passed: false, reasoning: parsed.reason, details: null };
      const violations = validateAnswer(config, parsed.value);
      const details = { violations: violations.map((v) => ({ instance_path: v.instance_path, message: v.message })) };
      if (violations.length === 0) {
        return { score: 1, passed: true, reasoning: 'the answer is valid against the JSON Schema', details };
      }
      const named = violations
        .slice(0, SHOWN)
        .map((v) => `${v.instance_path === '' ? '(root)' : v.instance_path} ${v.message}`);
      const more = violations.length > SHOWN ? `; and ${violations.length - SHOWN} more` : '';
      const count = violations.length === 1 ? '1 violation' : `${violations.length} violations`;
      return {
        score: 0,
        passed: false,
        reasoning: `the answer breaks the JSON Schema (${count}): ${named.join('; ')}${more}`,
        details,
      };
    },
  };
}

function validateAnswer(config: JsonSchemaMetricConfig, answer: JsonValue) {
  try {
    return config.validate(answer);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new EvaluatorError(
      'ANSWER_TOO_DEEP',
      'the answer is nested too deeply to check against the JSON Schema (the check ran out of stack)',
      { cause: error },
    );
  }
}
