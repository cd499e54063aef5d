/**
 * Writes schema/report.schema.json from the zod schema of the JSON report.
 * Run after changing src/records/report-schema.ts:  npx tsx scripts/generate-report-schema.ts
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { renderReportJsonSchema } from '../src/reporters/report-json-schema.js';

const target = fileURLToPath(new URL('../schema/report.schema.json', import.meta.url));
await writeFile(target, renderReportJsonSchema(), 'utf8');
process.stdout.write(`wrote ${target}\n`);
