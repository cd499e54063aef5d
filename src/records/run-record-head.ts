/**
 * A run record read for an index of many runs: everything but its test results validated as `parseRunRecord`
 * does, and of the results only what per-metric figures need, so a large record is checked in a fraction of
 * the time. The whole record is validated when it is opened.
 */
import { z } from 'zod';
import type { RunReport } from '../core/results.js';
import { runReportSchema } from './report-schema.js';
import { RUN_RECORD_VERSION, type RunRecord, runRecordSchema, upgradeRecordValue } from './run-record.js';
import { describeIssues, parseRecordJson, RunRecordError } from './run-record-error.js';

/** What the figures of one metric evaluation need. */
const talliedMetricSchema = z.object({
  metric_name: z.string(),
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
  skipped: z.boolean(),
  error: z.string().nullable(),
});
const evaluationsSchema = z.object({ metric_results: z.array(talliedMetricSchema) });
const caseEvaluationsSchema = evaluationsSchema.extend({ turns: z.array(evaluationsSchema).optional() });
/** A case's evaluations, and with `--repeat` those of each of its repeats. */
const resultEvaluationsSchema = caseEvaluationsSchema.extend({ repeats: z.array(caseEvaluationsSchema).optional() });

const headSchema = runRecordSchema.extend({
  report: runReportSchema.extend({ results: z.array(resultEvaluationsSchema) }),
});

type ResultEvaluations = z.infer<typeof resultEvaluationsSchema>;

export interface RunRecordHead extends Omit<RunRecord, 'report'> {
  readonly report: Omit<RunReport, 'results'>;
  /** Each result's metric evaluations (per turn for multi-turn cases). */
  readonly evaluations: readonly ResultEvaluations[];
}

/** Throws RunRecordError as parseRunRecord does, for the parts it checks. */
export function parseRunRecordHead(text: string, source: string): RunRecordHead {
  const result = headSchema.safeParse(upgradeRecordValue(parseRecordJson(source, text), source));
  if (!result.success)
    throw new RunRecordError('RUN_RECORD_INVALID', source, `not a valid run record: ${describeIssues(result.error)}`);
  const { report, ...rest } = result.data;
  const { results, ...head } = report;
  return { ...rest, record_version: RUN_RECORD_VERSION, report: head, evaluations: results };
}
