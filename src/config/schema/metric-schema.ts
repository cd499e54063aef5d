/** The metrics of an `evaluations` list (agent, test-case and turn level). */
import { z } from 'zod';
import type { NumberLocale, RagMetricType } from '../../core/config-types.js';
import { MAX_TIMER_MS } from '../../core/max-timer.js';
import { parseExportSpec } from '../../loader/parse-export-spec.js';
import { containsMetric, isJsonMetric, jsonSchemaMetric, regexMetric } from './answer-metric-schema.js';
import {
  booleanField,
  envEnum,
  exportSpec,
  isRecord,
  listRule,
  metricBaseFields,
  nonBlankString,
  numberField,
  threshold,
  uniqueNamesRule,
} from './fields.js';
import { withIssue } from './schema-meta.js';

/** How an agent writes numbers, for the numeric metric (evaluators/number-notation.ts). */
export const NUMBER_LOCALES = ['en', 'de'] as const satisfies readonly NumberLocale[];

export const RAG_METRIC_TYPES = [
  'faithfulness',
  'answer_relevancy',
  'contextual_relevancy',
  'contextual_precision',
  'contextual_recall',
] as const satisfies readonly RagMetricType[];

const common = metricBaseFields;

const tolerance = (key: string, example: string) =>
  numberField(
    withIssue(z.number().min(0), {
      hint: `a tolerance is how far from the ground truth an answer may be: 0 or more (${key}: ${example})`,
    }),
  ).optional();

const nlpMetric = z.strictObject({
  type: z.literal('standard'),
  metric: z.enum(['bleu', 'rouge', 'meteor']),
  ...common(),
});

const equalityMetric = z.strictObject({
  type: z.literal('standard'),
  metric: z.literal('equality'),
  ...common(),
  case_insensitive: booleanField().optional(),
  strip_whitespace: booleanField().optional(),
  strip_punctuation: booleanField().optional(),
});

const numericMetric = z.strictObject({
  type: z.literal('standard'),
  metric: z.literal('numeric'),
  ...common(),
  absolute_tolerance: tolerance('absolute_tolerance', '0.01').describe('Default 1e-6.'),
  relative_tolerance: tolerance('relative_tolerance', '0.001').describe('Default 0.'),
  accept_percent: booleanField().optional(),
  accept_thousands_separators: booleanField().optional(),
  locale: envEnum(NUMBER_LOCALES)
    .optional()
    .describe('How the agent writes numbers: en (1,234.5 — default) or de (1.234,5; Mio., Mrd.).'),
});

export const standardMetricSchema = z.discriminatedUnion('metric', [
  nlpMetric,
  equalityMetric,
  numericMetric,
  containsMetric,
  regexMetric,
  isJsonMetric,
  jsonSchemaMetric,
]);

export const gevalMetricSchema = z.strictObject({
  type: z.literal('geval'),
  name: nonBlankString(),
  criteria: nonBlankString(),
  evaluation_steps: z.array(nonBlankString()).optional(),
  timeout_ms: judgeTimeout(),
  enabled: booleanField().optional(),
  threshold: threshold(),
});

export const ragMetricSchema = z.strictObject({
  type: z.literal('rag'),
  metric_type: z.enum(RAG_METRIC_TYPES),
  timeout_ms: judgeTimeout(),
  ...common(),
});

function judgeTimeout() {
  return numberField(z.number().int().min(1).max(MAX_TIMER_MS))
    .optional()
    .describe('How long one judge call may take, its retries included (default: execution.llm_timeout).');
}

export const codeMetricSchema = z.strictObject({
  type: z.literal('code'),
  grader: exportSpec().describe('"path/or/package:exportName" of the grader function.'),
  timeout_ms: numberField(z.number().int().min(1).max(MAX_TIMER_MS)).optional().describe('Default 30000.'),
  ...common(),
});

export const metricSchema = z.discriminatedUnion('type', [
  standardMetricSchema,
  gevalMetricSchema,
  ragMetricSchema,
  codeMetricSchema,
]);

/** The name a metric is reported under: `name`, else the metric, metric_type or grader export. */
export function metricNameOf(metric: unknown): string | null {
  if (!isRecord(metric)) return null;
  if (typeof metric['name'] === 'string') return metric['name'];
  const fallback =
    metric['type'] === 'standard'
      ? metric['metric']
      : metric['type'] === 'rag'
        ? metric['metric_type']
        : metric['type'] === 'code' && typeof metric['grader'] === 'string'
          ? parseExportSpec(metric['grader'])?.export_name
          : null;
  return typeof fallback === 'string' ? fallback : null;
}

export const uniqueMetricNames = uniqueNamesRule(metricNameOf, (name, first) => ({
  message: `duplicate metric name "${name}"`,
  hint: `item [${first}] of this list has the same name; give one of them a distinct \`name:\``,
}));

export const metricListSchema = z.array(metricSchema).check(listRule(uniqueMetricNames));

export type MetricInput = z.output<typeof metricSchema>;
