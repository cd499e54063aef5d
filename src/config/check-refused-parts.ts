/**
 * A test case, or the `evaluations` section, that the schema refused is not built; the parts of it that are
 * valid on their own — each metric, each file of a turn — are still checked as the build checks them (graders
 * imported, JSON Schemas compiled, files found), so that one mistake does not hide the others: every
 * configuration error is reported at once.
 */
import type { BuildContext } from './build-context.js';
import { buildMetric } from './build-metric.js';
import { buildFile } from './build-test-case.js';
import type { ConfigPath } from './pending-issue.js';
import { isRecord } from './schema/fields.js';
import { metricSchema } from './schema/metric-schema.js';
import { fileSchema } from './schema/turn-schema.js';
import type { Indexed } from './validate-document.js';

/** The valid parts of every refused test case, checked; their issues go to `ctx.issues`. */
export async function checkRefusedTestCases(refused: readonly Indexed<unknown>[], ctx: BuildContext): Promise<void> {
  await Promise.all(refused.map(({ index, value }) => checkRefusedTestCase(value, ['test_cases', index], ctx)));
}

async function checkRefusedTestCase(item: unknown, path: ConfigPath, ctx: BuildContext): Promise<void> {
  if (!isRecord(item)) return;
  const checks = [checkMetrics(item['evaluations'], [...path, 'evaluations'], ctx)];
  const turns = item['turns'];
  if (Array.isArray(turns)) {
    turns.forEach((turn: unknown, index) => {
      if (!isRecord(turn)) return;
      const turnPath = [...path, 'turns', index];
      checks.push(checkMetrics(turn['evaluations'], [...turnPath, 'evaluations'], ctx));
      checks.push(checkFiles(turn['files'], [...turnPath, 'files'], ctx));
    });
  } else {
    checks.push(checkFiles(item['files'], [...path, 'files'], ctx));
  }
  await Promise.all(checks);
}

/** Each entry of a metrics list the schema refused as a whole, built when it is valid on its own. */
export async function checkMetrics(list: unknown, path: ConfigPath, ctx: BuildContext): Promise<void> {
  if (!Array.isArray(list)) return;
  await Promise.all(
    list.map(async (entry: unknown, index) => {
      const parsed = metricSchema.safeParse(entry);
      if (parsed.success) await buildMetric(parsed.data, [...path, index], ctx);
    }),
  );
}

async function checkFiles(list: unknown, path: ConfigPath, ctx: BuildContext): Promise<void> {
  if (!Array.isArray(list)) return;
  await Promise.all(
    list.map(async (entry: unknown, index) => {
      const parsed = fileSchema.safeParse(entry);
      if (parsed.success) await buildFile(parsed.data, [...path, index], ctx);
    }),
  );
}
