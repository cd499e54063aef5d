/** What each metric and code grader gave on a turn or a test case, in the JSON report. */
import { z } from 'zod';
import { jsonValueSchema } from './json-value-schema.js';

export const metricResultSchema = z
  .strictObject({
    metric_name: z
      .string()
      .describe(
        "The metric's name: its name:, else the metric of a standard one, the metric_type of a rag one, the export of a code grader, or geval.",
      ),
    kind: z.enum(['standard', 'geval', 'rag', 'code']).describe("The metric's type: in the configuration."),
    score: z.number().nullable().describe('From 0 to 1; null when the metric was skipped or errored.'),
    threshold: z
      .number()
      .nullable()
      .describe(
        'The pass mark applied: its threshold, else its default (0.5 for BLEU, ROUGE, METEOR, G-Eval, RAG and code graders); null for a check with a verdict of its own and no threshold.',
      ),
    passed: z.boolean().nullable().describe('null when the metric was skipped; false when it errored.'),
    skipped: z
      .boolean()
      .describe('Skipped metrics (e.g. no ground truth on the turn) count as neither passed nor failed.'),
    error: z
      .string()
      .nullable()
      .describe(
        'Why the metric gave no verdict (a judge or grader that threw or timed out); its turn is then an error.',
      ),
    reasoning: z
      .string()
      .nullable()
      .describe("The judge's reasoning, a check's reason, a grader's reason, or why the metric was skipped."),
    details: jsonValueSchema
      .nullable()
      .describe("What the metric adds (ROUGE's rouge1…rougeLsum, a grader's details); null when nothing."),
    evaluation_time_ms: z.number().min(0).describe('How long the metric took; 0 when skipped.'),
  })
  .meta({
    id: 'MetricResult',
    description:
      'One metric on a turn; on a multi-turn test case, one per metric name over its turns (mean score of the turns that ran it, an errored one counting 0; passed when all passed).',
  });

export const graderDetailSchema = z
  .strictObject({
    metric_name: z.string().describe("The grader's metric, as in metric_results."),
    grader: z.string().describe('The grader as configured: "path/or/package:exportName".'),
    score: z.number().nullable().describe('The score it gave; null when it errored.'),
    passed: z.boolean().nullable().describe('null when the grader was skipped.'),
    reason: z.string().nullable().describe('The reason it gave.'),
    details: jsonValueSchema.nullable().describe('The details it returned; null when none.'),
    error: z.string().nullable().describe('Why it gave no verdict (it threw, timed out or returned no result).'),
  })
  .meta({ id: 'GraderDetail', description: 'A code grader that ran on a turn: the verdict of its metric result.' });
