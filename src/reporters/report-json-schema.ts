/** The JSON Schema of the JSON report, generated from the zod schema; committed as schema/report.schema.json. */
import { z } from 'zod';
import { runReportSchema } from '../records/report-schema.js';

export function reportJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(runReportSchema, { target: 'draft-2020-12' }) as Record<string, unknown>;
}

/** The file content, byte for byte as committed. */
export function renderReportJsonSchema(): string {
  return `${JSON.stringify(reportJsonSchema(), null, 2)}\n`;
}
