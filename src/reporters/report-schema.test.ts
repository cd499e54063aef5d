import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { reportOf, singleTurnResult } from '../../test/support/reporters/report-fixtures.js';
import { hostileReport, sampleReport } from '../../test/support/reporters/report-scenarios.js';
import { runReportSchema } from '../records/report-schema.js';
import { renderJsonReport } from './json-reporter.js';
import { renderReportJsonSchema } from './report-json-schema.js';

const parse = (text: string): unknown => JSON.parse(text);

describe('report schema', () => {
  it('accepts a realistic report: single and multi-turn cases, a skipped turn, an errored and a skipped metric', () => {
    const report = parse(renderJsonReport(sampleReport()));
    const result = runReportSchema.safeParse(report);
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
    const turns = result.data?.results[2]?.turns ?? [];
    expect(turns.map((t) => t.skipped)).toEqual([false, false, true]);
    expect(turns[1]?.metric_results.map((m) => m.error !== null)).toEqual([false, true, false]);
  });

  it('accepts reports with hostile text', () => {
    expect(runReportSchema.safeParse(parse(renderJsonReport(hostileReport()))).success).toBe(true);
  });

  it('rejects missing and unknown fields', () => {
    const json = parse(renderJsonReport(reportOf([singleTurnResult({ test_name: 'a' })]))) as {
      results: Record<string, unknown>[];
    };
    const { passed: _passed, ...withoutPassed } = json.results[0] ?? {};
    expect(runReportSchema.safeParse({ ...json, results: [withoutPassed] }).success).toBe(false);
    expect(runReportSchema.safeParse({ ...json, results: [{ ...json.results[0], extra: 1 }] }).success).toBe(false);
    expect(runReportSchema.safeParse({ ...json, results: [{ ...json.results[0], turns: [{}] }] }).success).toBe(false);
  });

  it('is committed as schema/report.schema.json, in sync with the zod schema', async () => {
    const committed = await readFile(new URL('../../schema/report.schema.json', import.meta.url), 'utf8');
    expect(committed, 'run: npx tsx scripts/generate-report-schema.ts').toBe(renderReportJsonSchema());
  });

  it('describes every field of the report in the JSON Schema', () => {
    const schema = JSON.parse(renderReportJsonSchema());
    expect(schema.required).toEqual([
      'agent_name',
      'agent_config_path',
      'timestamp',
      'holodeck_version',
      'summary',
      'results',
    ]);
    expect(schema.$defs.TestResult.required).not.toContain('turns');
    expect(Object.keys(schema.$defs.TestResult.properties)).toContain('turns');
    expect(schema.$defs.TurnResult.required).toContain('arg_match_details');
    expect(schema.$defs.MetricResult.properties.kind.enum).toEqual(['standard', 'geval', 'rag', 'code']);
  });
});
