/** A test case as validated → TestCaseConfig: single-turn cases become one turn built from the flat fields. */
import { resolve } from 'node:path';
import type { FileConfig, TestCaseConfig, ToolNameMatch, TurnConfig } from '../core/config-types.js';
import type { BuildContext } from './build-context.js';
import { buildExpectedTools } from './build-expected-tools.js';
import { buildMetricList } from './build-metric.js';
import { inferFileType } from './file-types.js';
import { ISSUE } from './issue-codes.js';
import { type ConfigPath, pendingIssue } from './pending-issue.js';
import type { MetricInput } from './schema/metric-schema.js';
import type { TestCaseInput } from './schema/test-case-schema.js';
import type { FileInput, TurnInput } from './schema/turn-schema.js';

type TurnFields = Omit<TurnInput, 'evaluations'> & { readonly evaluations?: readonly MetricInput[] | undefined };

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
    const turns = await Promise.all(
      testCase.turns.map((turn, turnIndex) =>
        buildTurn(turn, turnIndex, [...path, 'turns', turnIndex], ctx, {
          ownEvaluations: true,
          nameMatch,
          distinctCalls,
        }),
      ),
    );
    return { name: testCase.name, index, kind: 'multi', evaluations, turns };
  }
  const { evaluations: _caseLevel, ...flat } = testCase;
  const options = { ownEvaluations: false, nameMatch, distinctCalls };
  const turn = await buildTurn({ ...flat, input: testCase.input ?? '' }, 0, path, ctx, options);
  return { name: testCase.name, index, kind: 'single', evaluations, turns: [turn] };
}

/** `path` is where the turn's fields live (the test case itself for the flat single-turn shape). */
async function buildTurn(
  turn: TurnFields,
  index: number,
  path: ConfigPath,
  ctx: BuildContext,
  options: { readonly ownEvaluations: boolean; readonly nameMatch: ToolNameMatch; readonly distinctCalls: boolean },
): Promise<TurnConfig> {
  const [files, evaluations] = await Promise.all([
    buildFiles(turn.files, [...path, 'files'], ctx),
    options.ownEvaluations ? buildMetricList(turn.evaluations, [...path, 'evaluations'], ctx) : null,
  ]);
  return {
    index,
    input: turn.input,
    ground_truth: turn.ground_truth === undefined ? null : String(turn.ground_truth),
    expected_tools: buildExpectedTools(turn.expected_tools, turn.forbidden_tools, options.nameMatch),
    expected_tools_order: turn.expected_tools_order ?? 'any',
    distinct_calls: turn.distinct_calls ?? options.distinctCalls,
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
  const built = await Promise.all(
    files.map(async (file, index): Promise<FileConfig> => {
      const absolute = resolve(ctx.baseDir, file.path);
      if (!(await ctx.isFile(absolute))) {
        ctx.issues.add(
          pendingIssue(ISSUE.fileNotFound, [...path, index, 'path'], `file not found: ${absolute}`, {
            hint: 'file paths are relative to the folder of the config file',
          }),
        );
      }
      // The schema has rejected files whose type is neither given nor implied by the extension.
      const type = file.type ?? inferFileType(absolute) ?? 'text';
      return { path: absolute, type, description: file.description ?? null };
    }),
  );
  return built;
}
