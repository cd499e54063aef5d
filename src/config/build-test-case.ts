/** A test case as validated → TestCaseConfig: single-turn cases become one turn built from the flat fields. */
import { extname, isAbsolute, resolve } from 'node:path';
import type { FileConfig, MetricConfig, TestCaseConfig, ToolNameMatch, TurnConfig } from '../core/config-types.js';
import { IMAGE_MEDIA_TYPES, unsupportedImageMessage } from '../core/image-media-types.js';
import type { BuildContext } from './build-context.js';
import { buildExpectedTools } from './build-expected-tools.js';
import { buildMetricList } from './build-metric.js';
import { inferFileType } from './file-types.js';
import { ISSUE } from './issue-codes.js';
import { type ConfigPath, pendingIssue } from './pending-issue.js';
import type { MetricInput } from './schema/metric-schema.js';
import type { TestCaseInput } from './schema/test-case-schema.js';
import type { FileInput, TurnInput } from './schema/turn-schema.js';
import type { Indexed } from './validate-document.js';

type TurnFields = Omit<TurnInput, 'evaluations'> & { readonly evaluations?: readonly MetricInput[] | undefined };

interface TurnOptions {
  readonly ownEvaluations: boolean;
  readonly nameMatch: ToolNameMatch;
  readonly distinctCalls: boolean;
}

/**
 * `nameMatch`: how expected tool names match when an entry sets no `name_match` (execution.tool_name_match);
 * `distinctCalls`: the turns' `distinct_calls` where they set none (execution.distinct_calls).
 */
export async function buildTestCase(
  testCase: TestCaseInput,
  index: number,
  ctx: BuildContext,
  nameMatch: ToolNameMatch = 'substring',
  distinctCalls = false,
): Promise<TestCaseConfig> {
  const path: ConfigPath = ['test_cases', index];
  const evaluations = await buildMetricList(testCase.evaluations, [...path, 'evaluations'], ctx);
  if (testCase.turns) {
    const options = { ownEvaluations: true, nameMatch, distinctCalls };
    const turns = await Promise.all(
      testCase.turns.map((turn, turnIndex) => buildTurn(turn, turnIndex, [...path, 'turns', turnIndex], ctx, options)),
    );
    return { name: testCase.name, index, kind: 'multi', evaluations, turns };
  }
  const { evaluations: _caseLevel, ...flat } = testCase;
  const options = { ownEvaluations: false, nameMatch, distinctCalls };
  const turn = await buildTurn({ ...flat, input: testCase.input ?? '' }, 0, path, ctx, options);
  return { name: testCase.name, index, kind: 'single', evaluations, turns: [turn] };
}

/**
 * A test case with nothing to check on disk or import — no metrics of its own, no files — built at once,
 * without the promises and paths of the general build (thousands of such cases are the common large suite);
 * null for any other case. Its value is what buildTestCase makes of it (`build-test-case.test.ts`).
 */
export function buildPlainTestCase(
  testCase: TestCaseInput,
  index: number,
  nameMatch: ToolNameMatch = 'substring',
  distinctCalls = false,
): TestCaseConfig | null {
  if (testCase.evaluations !== undefined) return null;
  const turns = testCase.turns;
  if (turns === undefined) {
    if (!isAbsentOrEmpty(testCase.files)) return null;
    const turn = turnConfig(testCase, testCase.input ?? '', 0, NO_FILES, null, nameMatch, distinctCalls);
    return { name: testCase.name, index, kind: 'single', evaluations: null, turns: [turn] };
  }
  for (const turn of turns) {
    if (!isAbsentOrEmpty(turn.files) || turn.evaluations !== undefined) return null;
  }
  const built: TurnConfig[] = new Array(turns.length);
  for (let turnIndex = 0; turnIndex < turns.length; turnIndex++) {
    const turn = turns[turnIndex]!;
    built[turnIndex] = turnConfig(turn, turn.input, turnIndex, NO_FILES, null, nameMatch, distinctCalls);
  }
  return { name: testCase.name, index, kind: 'multi', evaluations: null, turns: built };
}

/** Shared by every turn without files (a TurnConfig is read-only). */
const NO_FILES: readonly FileConfig[] = Object.freeze([]);

function isAbsentOrEmpty(list: readonly unknown[] | undefined): boolean {
  return list === undefined || list.length === 0;
}

/** `path` is where the turn's fields live (the test case itself for the flat single-turn shape). */
async function buildTurn(
  turn: TurnFields,
  index: number,
  path: ConfigPath,
  ctx: BuildContext,
  options: TurnOptions,
): Promise<TurnConfig> {
  const [files, evaluations] = await Promise.all([
    buildFiles(turn.files, [...path, 'files'], ctx),
    options.ownEvaluations ? buildMetricList(turn.evaluations, [...path, 'evaluations'], ctx) : null,
  ]);
  return turnConfig(turn, turn.input, index, files, evaluations, options.nameMatch, options.distinctCalls);
}

/** The turn's configuration once its files are checked and its metrics built. */
function turnConfig(
  turn: Omit<TurnFields, 'input'>,
  input: string,
  index: number,
  files: readonly FileConfig[],
  evaluations: readonly MetricConfig[] | null,
  nameMatch: ToolNameMatch,
  distinctCalls: boolean,
): TurnConfig {
  return {
    index,
    input,
    ground_truth: turn.ground_truth === undefined ? null : String(turn.ground_truth),
    expected_tools: buildExpectedTools(turn.expected_tools, turn.forbidden_tools, nameMatch),
    expected_tools_order: turn.expected_tools_order ?? 'any',
    distinct_calls: turn.distinct_calls ?? distinctCalls,
    files,
    retrieval_context: turn.retrieval_context ?? null,
    evaluations,
    turn_config: turn.turn_config ?? {},
  };
}

async function buildFiles(
  files: readonly FileInput[] | undefined,
  path: ConfigPath,
  ctx: BuildContext,
): Promise<FileConfig[]> {
  if (!files) return [];
  return Promise.all(files.map((file, index) => buildFile(file, [...path, index], ctx)));
}

/** One file of a turn, checked on disk (`path` is where the file entry is). */
export async function buildFile(file: FileInput, path: ConfigPath, ctx: BuildContext): Promise<FileConfig> {
  const absolute = resolve(ctx.baseDir, file.path);
  const problem = await ctx.fileProblem(absolute);
  if (problem?.code === ISSUE.fileNotFound) {
    ctx.issues.add(
      pendingIssue(ISSUE.fileNotFound, [...path, 'path'], `file not found: ${absolute}`, {
        hint: isAbsolute(file.path) ? null : 'file paths are relative to the folder of the config file',
      }),
    );
  } else if (problem !== null) {
    const message = `cannot send ${absolute} with the turn: ${problem.message}`;
    ctx.issues.add(pendingIssue(problem.code, [...path, 'path'], message));
  }
  // The schema has rejected files whose type is neither given nor implied by the extension.
  const type = file.type ?? inferFileType(absolute) ?? 'text';
  if (type === 'image' && IMAGE_MEDIA_TYPES[extname(absolute).toLowerCase()] === undefined) {
    const message = unsupportedImageMessage(extname(absolute), absolute);
    ctx.issues.add(pendingIssue(ISSUE.fileType, [...path, file.type === undefined ? 'path' : 'type'], message));
  }
  return { path: absolute, type, description: file.description ?? null };
}

/**
 * Every validated test case, in order: the plain ones at once, the others (files to check, metrics to build)
 * concurrently.
 */
export async function buildTestCases(
  testCases: readonly Indexed<TestCaseInput>[],
  ctx: BuildContext,
  nameMatch: ToolNameMatch = 'substring',
  distinctCalls = false,
): Promise<TestCaseConfig[]> {
  const built: TestCaseConfig[] = new Array(testCases.length);
  const pending: Promise<void>[] = [];
  for (let i = 0; i < testCases.length; i++) {
    const { index, value } = testCases[i]!;
    const plain = buildPlainTestCase(value, index, nameMatch, distinctCalls);
    if (plain !== null) built[i] = plain;
    else
      pending.push(
        buildTestCase(value, index, ctx, nameMatch, distinctCalls).then((testCase) => {
          built[i] = testCase;
        }),
      );
  }
  await Promise.all(pending);
  return built;
}
