/** The answer-assertion metrics as validated → MetricConfig: contains, regex and json_schema compiled. */
import { isAbsolute, resolve } from 'node:path';
import type { JsonSchemaValidator, MetricConfig } from '../core/config-types.js';
import { thrownMessage } from '../core/describe-thrown.js';
import { isRecord } from '../core/is-record.js';
import type { JsonValue } from '../core/json.js';
import { compileLinearRegex } from '../matchers/linear-regex.js';
import type { BuildContext } from './build-context.js';
import { compileJsonSchema } from './compile-json-schema.js';
import { ISSUE } from './issue-codes.js';
import { type ConfigPath, pendingIssue } from './pending-issue.js';
import { FileTooLargeError, readProblem, readRegularText } from './read-regular-text.js';
import type { MetricInput } from './schema/metric-schema.js';

type AnswerMetricInput = Extract<
  MetricInput,
  { readonly metric: 'contains' | 'not_contains' | 'regex' | 'is_json' | 'json_schema' }
>;
type Base = Pick<MetricConfig, 'name' | 'enabled' | 'threshold'>;
type JsonObject = Readonly<Record<string, JsonValue>>;

export async function buildAnswerMetric(
  metric: AnswerMetricInput,
  base: Base,
  path: ConfigPath,
  ctx: BuildContext,
): Promise<MetricConfig | null> {
  switch (metric.metric) {
    case 'contains':
    case 'not_contains': {
      const values = metric.values ?? (metric.value === undefined ? [] : [metric.value]);
      return {
        ...base,
        type: 'standard',
        metric: metric.metric,
        values,
        case_sensitive: metric.case_sensitive ?? true,
      };
    }
    case 'regex': {
      const case_sensitive = metric.case_sensitive ?? true;
      const compiled = compileLinearRegex(metric.pattern, { case_insensitive: !case_sensitive });
      // The schema has already rejected patterns that do not compile.
      if (!compiled.ok) return null;
      return {
        ...base,
        type: 'standard',
        metric: 'regex',
        pattern: metric.pattern,
        case_sensitive,
        regex: compiled.regex,
      };
    }
    case 'is_json':
      return { ...base, type: 'standard', metric: 'is_json' };
    case 'json_schema':
      return buildJsonSchemaMetric(metric, base, path, ctx);
  }
}

async function buildJsonSchemaMetric(
  metric: Extract<AnswerMetricInput, { readonly metric: 'json_schema' }>,
  base: Base,
  path: ConfigPath,
  ctx: BuildContext,
): Promise<MetricConfig | null> {
  const schemaFile = metric.schema_file === undefined ? null : resolve(ctx.baseDir, metric.schema_file);
  const schema =
    schemaFile === null
      ? (metric.schema as JsonObject | undefined)
      : await readSchema(schemaFile, isAbsolute(metric.schema_file ?? ''), path, ctx);
  if (schema === undefined || schema === null) return null;
  const compiled = compileJsonSchema(schema);
  if (!compiled.ok) {
    // Inline, the position is that of the problem when known; in a file, the message says where it is.
    const inside = compiled.path ?? [];
    const within = schemaFile === null || inside.length === 0 ? '' : ` at ${inside.join('.')}`;
    const where = schemaFile === null ? 'invalid JSON Schema' : `invalid JSON Schema in ${schemaFile}${within}`;
    const at = schemaFile === null ? [...path, 'schema', ...inside] : [...path, 'schema_file'];
    const hint = compiled.hint ?? 'fix the schema; its draft follows `$schema` (2020-12, 2019-09, else draft-07)';
    ctx.issues.add(pendingIssue(ISSUE.invalidJsonSchema, at, `${where}: ${compiled.reason}`, { hint }));
    return null;
  }
  const validate: JsonSchemaValidator = compiled.validate;
  return { ...base, type: 'standard', metric: 'json_schema', schema, schema_file: schemaFile, validate };
}

/** `absolute`: written as an absolute path, so where it was looked for is no hint. */
async function readSchema(
  file: string,
  absolute: boolean,
  path: ConfigPath,
  ctx: BuildContext,
): Promise<JsonObject | null> {
  const at = [...path, 'schema_file'];
  let text: string;
  try {
    text = await readRegularText(file, ctx.maxFileBytes);
  } catch (error) {
    const missing = (error as { code?: unknown }).code === 'ENOENT';
    const hint = missing && !absolute ? 'schema_file is relative to the folder of the config file' : null;
    const message = missing
      ? `JSON Schema file not found: ${file}`
      : `cannot read the JSON Schema file ${file}: ${readProblem(error)}`;
    const code = error instanceof FileTooLargeError ? ISSUE.fileTooLarge : ISSUE.jsonSchemaFile;
    ctx.issues.add(pendingIssue(code, at, message, { hint }));
    return null;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRecord(parsed)) return parsed as JsonObject;
    throw new Error('the file holds no JSON object');
  } catch (error) {
    const reason = thrownMessage(error);
    const hint = 'a JSON Schema file holds one JSON object';
    ctx.issues.add(pendingIssue(ISSUE.jsonSchemaFile, at, `cannot read JSON Schema ${file}: ${reason}`, { hint }));
    return null;
  }
}
