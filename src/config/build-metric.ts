/** Metrics as validated → MetricConfig, with names defaulted and code graders imported. */
import type { CodeMetricConfig, MetricConfig } from '../core/config-types.js';
import type { GraderFunction } from '../core/grader.js';
import { describeValue } from '../loader/describe-value.js';
import { rememberExport } from '../loader/export-origin.js';
import { importUserExport } from '../loader/import-user-export.js';
import { isClass } from '../loader/is-class.js';
import { parseExportSpec } from '../loader/parse-export-spec.js';
import type { ToolExportDescription } from '../loader/tool-export-shape.js';
import { buildAnswerMetric } from './build-answer-metric.js';
import type { BuildContext } from './build-context.js';
import { loadFailureHint } from './describe-load-failure.js';
import { ISSUE } from './issue-codes.js';
import { type ConfigPath, pendingIssue } from './pending-issue.js';
import { type MetricInput, metricNameOf } from './schema/metric-schema.js';

export const DEFAULT_GRADER_TIMEOUT_MS = 30_000;
export const DEFAULT_ABSOLUTE_TOLERANCE = 1e-6;

/** Empty or absent lists inherit (null). */
export async function buildMetricList(
  metrics: readonly MetricInput[] | undefined,
  path: ConfigPath,
  ctx: BuildContext,
): Promise<MetricConfig[] | null> {
  if (!metrics) return null;
  // An empty list is kept as written (it inherits, as null does), so that it can be said to select nothing.
  if (metrics.length === 0) return [];
  const built = await Promise.all(metrics.map((metric, index) => buildMetric(metric, [...path, index], ctx)));
  return built.filter((metric): metric is MetricConfig => metric !== null);
}

export async function buildMetric(
  metric: MetricInput,
  path: ConfigPath,
  ctx: BuildContext,
): Promise<MetricConfig | null> {
  const base = {
    name: metricNameOf(metric) ?? metric.type,
    enabled: metric.enabled ?? true,
    threshold: metric.threshold ?? null,
  };
  switch (metric.type) {
    case 'standard':
      if (metric.metric === 'equality') {
        return {
          ...base,
          type: 'standard',
          metric: 'equality',
          case_insensitive: metric.case_insensitive ?? false,
          strip_whitespace: metric.strip_whitespace ?? false,
          strip_punctuation: metric.strip_punctuation ?? false,
        };
      }
      if (metric.metric === 'numeric') {
        return {
          ...base,
          type: 'standard',
          metric: 'numeric',
          absolute_tolerance: metric.absolute_tolerance ?? DEFAULT_ABSOLUTE_TOLERANCE,
          relative_tolerance: metric.relative_tolerance ?? 0,
          accept_percent: metric.accept_percent ?? false,
          accept_thousands_separators: metric.accept_thousands_separators ?? false,
          ...(metric.locale === undefined || metric.locale === 'en' ? {} : { locale: metric.locale }),
        };
      }
      if (isNlpMetric(metric)) return { ...base, type: 'standard', metric: metric.metric };
      return buildAnswerMetric(metric, base, path, ctx);
    case 'geval':
      return {
        ...base,
        type: 'geval',
        criteria: metric.criteria,
        evaluation_steps: metric.evaluation_steps ?? [],
        timeout_ms: metric.timeout_ms ?? null,
      };
    case 'rag':
      return { ...base, type: 'rag', metric_type: metric.metric_type, timeout_ms: metric.timeout_ms ?? null };
    case 'code': {
      const grader = await resolveGrader(metric.grader, [...path, 'grader'], ctx);
      if (!grader) return null;
      const timeout_ms = metric.timeout_ms ?? DEFAULT_GRADER_TIMEOUT_MS;
      const code: CodeMetricConfig = { ...base, type: 'code', grader: metric.grader, timeout_ms, grader_fn: grader };
      return code;
    }
  }
}

type NlpMetricInput = Extract<MetricInput, { readonly metric: 'bleu' | 'rouge' | 'meteor' }>;

function isNlpMetric(metric: MetricInput): metric is NlpMetricInput {
  return (
    metric.type === 'standard' && (metric.metric === 'bleu' || metric.metric === 'rouge' || metric.metric === 'meteor')
  );
}

const GRADER_HINT = 'export a function (context) => boolean | number | { score, passed?, reason? }';

async function resolveGrader(spec: string, path: ConfigPath, ctx: BuildContext): Promise<GraderFunction | null> {
  const parsed = parseExportSpec(spec);
  const exportName = parsed?.export_name ?? null;
  // Read where the grader will run when this thread may ask (and the answer says where it was found).
  const described =
    parsed === null ? null : await ctx.describeGrader?.(parsed.specifier, parsed.export_name, ctx.baseDir);
  if (described?.ok === false) return unresolved(spec, described, exportName, path, ctx);
  if (described?.ok === true && described.location !== undefined && exportName !== null) {
    const { shape } = described;
    if (shape.kind !== 'function') {
      const what = shape.kind === 'other' ? shape.described : 'an object with an execute function';
      return notAFunction(spec, what, path, ctx);
    }
    // A stand-in this thread never calls, remembered as coming from the grader's module and export, so the code
    // evaluator sends its calls to the pool.
    const standIn: GraderFunction = () => {
      throw new Error(`grader ${spec} runs in its worker thread, not here`);
    };
    rememberExport(described.module, { location: described.location, export_name: exportName }, standIn);
    return standIn;
  }
  const loaded = await importUserExport(spec, ctx.baseDir);
  if (!loaded.ok) return unresolved(spec, loaded, exportName, path, ctx);
  if (typeof loaded.value !== 'function' || isClass(loaded.value))
    return notAFunction(spec, describeValue(loaded.value), path, ctx);
  return loaded.value as GraderFunction;
}

function unresolved(
  spec: string,
  failure: Extract<ToolExportDescription, { ok: false }>,
  exportName: string | null,
  path: ConfigPath,
  ctx: BuildContext,
): null {
  const hint = loadFailureHint(failure, exportName);
  ctx.issues.add(
    pendingIssue(ISSUE.graderUnresolved, path, `cannot load grader "${spec}": ${failure.message}`, { hint }),
  );
  return null;
}

function notAFunction(spec: string, what: string, path: ConfigPath, ctx: BuildContext): null {
  const message = `grader "${spec}" is not a function (it is ${what})`;
  ctx.issues.add(pendingIssue(ISSUE.graderNotFunction, path, message, { hint: GRADER_HINT }));
  return null;
}
