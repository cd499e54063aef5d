/**
 * agent.yaml → a validated, normalised AgentConfig, or every configuration issue at once, each located.
 * Stages: read and parse → ${VAR} substitution → validate key by key → test cases (inline or file) → build
 * (files checked, modules imported) → locate issues.
 */
import { dirname, resolve } from 'node:path';
import type { AgentConfig, GivenFunctionTool, ToolConfig } from '../core/config-types.js';
import type { ConfigIssue } from '../core/errors.js';
import type { DescribeToolExport } from '../loader/tool-export-shape.js';
import { buildBackend } from './build-backend.js';
import { type BuildContext, createBuildContext } from './build-context.js';
import { buildExecution } from './build-execution.js';
import { buildInstructions } from './build-instructions.js';
import { buildMetricList } from './build-metric.js';
import { buildModel } from './build-model.js';
import { buildTestCases } from './build-test-case.js';
import { buildTool } from './build-tool.js';
import { checkMetrics, checkRefusedTestCases } from './check-refused-parts.js';
import { type FileSizeLimits, resolveFileSizeLimits } from './file-size-limits.js';
import { ISSUE } from './issue-codes.js';
import { loadTestCasesFile, type TestCasesSource } from './load-test-cases-file.js';
import { type IssueSources, locateIssues } from './locate-issues.js';
import { metricNameClashes } from './metric-name-clashes.js';
import { noteEnvSources } from './note-env-sources.js';
import type { PendingIssue } from './pending-issue.js';
import { readSource } from './read-source.js';
import { resolveConfigFile } from './resolve-config-file.js';
import { isRecord } from './schema/fields.js';
import type { TestCaseInput } from './schema/test-case-schema.js';
import type { SourceDocument } from './source-document.js';
import { type Env, substituteEnv } from './substitute-env.js';
import { type Indexed, type ValidatedDocument, validateDocument, validateTestCases } from './validate-document.js';

export interface LoadConfigOptions {
  /** The environment for ${VAR} substitution and HOLODECK_* settings. */
  readonly env: Env;
  /** `--max-file-size`: the largest configuration or test cases file read, in MB (default: see file-size-limits.ts). */
  readonly max_file_size_mb?: number | undefined;
  /** `--replay`: no model is called; an `api_key: ${VAR}` whose variable is unset is no error. */
  readonly offline?: boolean | undefined;
  /**
   * 'skip': the test cases are neither read nor built, and `test_cases` is empty — for a case worker, which is
   * sent each case it runs by a main thread that loaded and checked them.
   */
  readonly test_cases?: 'skip' | undefined;
  /**
   * Function tools the main thread already imported and checked, by name: a case worker, whose tool calls run
   * in the main thread's tool threads, builds them from these definitions instead of importing their modules
   * (each import of a TypeScript module would start tsx in the worker). A tool not listed is imported.
   */
  readonly function_tools?: Readonly<Record<string, GivenFunctionTool>> | undefined;
  /**
   * Imports function tools' modules in the threads their calls will run in and reads their exports from there,
   * so this thread imports none of them (no tsx here for a TypeScript tool, and a module that blocks while it
   * loads is stopped). Without it, or when it answers null, the module is imported in this thread.
   */
  readonly describe_tool?: DescribeToolExport | undefined;
  /**
   * The same for code graders: their modules are imported in the threads the graders run in, so this thread
   * imports none of them (no tsx here for a TypeScript grader). Without it, or when it answers null, here.
   */
  readonly describe_grader?: DescribeToolExport | undefined;
}

/**
 * On failure, `partial` is the configuration built from the parts that passed (null when nothing could be
 * built): the checks that need a whole configuration (API keys, ground truths) can still report on those parts,
 * so that every error is reported in one run.
 */
export type LoadedConfig =
  | { readonly ok: true; readonly value: AgentConfig }
  | { readonly ok: false; readonly issues: readonly ConfigIssue[]; readonly partial: AgentConfig | null };

export async function loadConfig(path: string, options: LoadConfigOptions): Promise<LoadedConfig> {
  const file = await resolveConfigFile(path);
  if (!file.ok) return failure([file.issue], { main: null, testCases: null, testCaseItems: undefined });
  const sizes = resolveFileSizeLimits(options.max_file_size_mb, options.env);
  if (sizes.issues.length > 0) return failure(sizes.issues, { main: null, testCases: null, testCaseItems: undefined });
  const read = await readSource(file.path, {
    kind: 'configuration',
    maxBytes: sizes.limits.config_bytes,
    wholeYamlBytes: sizes.limits.config_bytes,
  });
  if (!read.ok) {
    const issues: PendingIssue[] =
      'issues' in read
        ? [...read.issues]
        : [
            {
              code: ISSUE.configNotFound,
              path: [],
              target: 'none',
              message: `cannot read ${file.path}: ${read.error}`,
              hint: null,
            },
          ];
    return failure(issues, { main: null, testCases: null, testCaseItems: undefined });
  }
  const document = read.document;
  const ctx = createBuildContext(
    dirname(file.path),
    options.function_tools,
    options.describe_tool ?? null,
    options.describe_grader ?? null,
    sizes.limits.test_cases_bytes,
  );
  const substituted = substituteEnv(document.data, options.env, [], options.offline === true);
  ctx.issues.addAll(substituted.issues);
  const validated = validateDocument(substituted.value);
  ctx.issues.addAll(validated.issues.issues);
  const cases: CollectedTestCases =
    options.test_cases === 'skip'
      ? { items: undefined, source: null, valid: [], refused: [] }
      : await collectTestCases(validated, ctx, options.env, sizes.limits);
  const sources: IssueSources = { main: document, testCases: cases.source, testCaseItems: cases.items };
  const [config] = await Promise.all([
    buildConfig(validated, cases.valid, document, ctx, options.env),
    checkRefusedParts(validated, cases.refused, ctx),
  ]);
  const value = config && { ...config, env_references: substituted.references };
  if (ctx.issues.size > 0 || !value) {
    return failure(noteEnvSources(ctx.issues.issues, substituted.references, options.env), sources, value);
  }
  return { ok: true, value };
}

interface CollectedTestCases {
  readonly items: unknown;
  readonly source: TestCasesSource | null;
  readonly valid: readonly Indexed<TestCaseInput>[];
  readonly refused: readonly Indexed<unknown>[];
}

async function collectTestCases(
  validated: ValidatedDocument,
  ctx: BuildContext,
  env: Env,
  limits: FileSizeLimits,
): Promise<CollectedTestCases> {
  const file = validated.section('test_cases_file');
  let items = validated.inlineTestCases;
  let source: TestCasesSource | null = null;
  if (file !== undefined && items === undefined) {
    const loaded = await loadTestCasesFile(file, ctx.baseDir, env, limits);
    ctx.issues.addAll(loaded.issues);
    if (!loaded.ok) return { items: undefined, source: null, valid: [], refused: [] };
    items = loaded.items;
    source = loaded.source;
  }
  return { items, source, ...validateTestCases(items, ctx.issues) };
}

async function buildConfig(
  validated: ValidatedDocument,
  testCases: readonly Indexed<TestCaseInput>[],
  document: SourceDocument,
  ctx: BuildContext,
  env: Env,
): Promise<AgentConfig | null> {
  const { section } = validated;
  const evaluations = section('evaluations');
  const execution = buildExecution(section('execution'), env, ctx.baseDir);
  ctx.issues.addAll(execution.issues);
  ctx.issues.addAll(metricNameClashes(evaluations?.metrics, testCases));
  const [backend, instructions, tools, metrics, cases] = await Promise.all([
    buildBackend(section('backend'), ctx, env),
    buildInstructions(section('instructions'), ctx),
    Promise.all(validated.tools.map(({ index, value }) => buildTool(value, ['tools', index], ctx))),
    buildMetricList(evaluations?.metrics, ['evaluations', 'metrics'], ctx),
    buildTestCases(testCases, ctx, execution.value.tool_name_match, execution.value.distinct_calls),
  ]);
  const name = section('name');
  const models = section('models')?.map(buildModel);
  const model = section('model');
  if (name === undefined || backend === null) return null;
  return {
    name,
    description: section('description') ?? null,
    model: model === undefined ? (models?.[0] ?? null) : buildModel(model),
    ...(models === undefined ? {} : { models }),
    backend,
    instructions,
    tools: tools.filter((tool): tool is ToolConfig => tool !== null),
    evaluations: { model: evaluations?.model ? buildModel(evaluations.model) : null, metrics: metrics ?? [] },
    execution: execution.value,
    test_cases: cases,
    config_path: document.file,
    base_dir: ctx.baseDir,
    source_files: sourceFiles(validated, document.file, ctx.baseDir),
  };
}

function sourceFiles(validated: ValidatedDocument, configPath: string, baseDir: string): string[] {
  const testCasesFile = validated.section('test_cases_file');
  const instructionsFile = validated.section('instructions')?.file;
  const toolFiles = validated.tools.flatMap(({ value }) =>
    value.type === 'function' && typeof value.file === 'string' ? [value.file] : [],
  );
  return [
    configPath,
    ...[testCasesFile, instructionsFile, ...toolFiles].flatMap((file) =>
      typeof file === 'string' ? [resolve(baseDir, file)] : [],
    ),
  ];
}

/** What the schema refused is not built; its valid parts are still checked, so one mistake hides no other. */
async function checkRefusedParts(
  validated: ValidatedDocument,
  refusedTestCases: readonly Indexed<unknown>[],
  ctx: BuildContext,
): Promise<void> {
  const raw = validated.rawEvaluations;
  const evaluationsRefused = validated.section('evaluations') === undefined && isRecord(raw);
  await Promise.all([
    evaluationsRefused ? checkMetrics(raw['metrics'], ['evaluations', 'metrics'], ctx) : undefined,
    checkRefusedTestCases(refusedTestCases, ctx),
  ]);
}

function failure(
  issues: readonly PendingIssue[],
  sources: IssueSources,
  partial: AgentConfig | null = null,
): LoadedConfig {
  return { ok: false, issues: locateIssues(dropConsequences(issues), sources), partial };
}

/** An unset ${VAR} leaves an empty string behind; drop the other complaints about that same value. */
function dropConsequences(issues: readonly PendingIssue[]): PendingIssue[] {
  const missing = new Set(
    issues.filter((issue) => issue.code === ISSUE.envMissing).map((issue) => JSON.stringify(issue.path)),
  );
  if (missing.size === 0) return [...issues];
  return issues.filter((issue) => issue.code === ISSUE.envMissing || !missing.has(JSON.stringify(issue.path)));
}
