/** `holodeck validate`: load and check everything `holodeck test` checks before calling a model. */

import { locatePendingIssues } from '../../config/check-runnable.js';
import { pendingIssue } from '../../config/pending-issue.js';
import type { AgentConfig } from '../../core/config-types.js';
import { countNoun } from '../../core/count-noun.js';
import { escapeControlChars } from '../../core/display-controls.js';
import type { ConfigIssue } from '../../core/errors.js';
import { createRedactor } from '../../core/redactor.js';
import { runJudge } from '../../core/run-judge.js';
import { configWarnings, writeWarnings } from '../case-warnings.js';
import { collectSecrets } from '../collect-secrets.js';
import { configRunProblems } from '../config-run-problems.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { functionToolWarnings } from '../function-tool-warnings.js';
import { guardRun } from '../guard-run.js';
import { loadForCommandOrReport, loadReadingUserCodeWith, printIssues } from '../load-or-report.js';
import { matrixIssues, planMatrix } from '../matrix/plan-matrix.js';
import { MATRIX_REFUSES_RECORDING } from '../open-recording.js';
import type { ModelOverride } from '../parse-model-option.js';
import { redactProcessOutput } from '../redact-process-output.js';
import { runnableConfigIssues } from '../runnable-config-issues.js';
import { toolThreadsFor } from '../tool-threads.js';

interface ValidateOptions {
  /** `--model` given once. */
  readonly model?: ModelOverride | undefined;
  /** Every `--model`: two or more check each model of a matrix, as `test` runs them. */
  readonly models?: readonly ModelOverride[];
  readonly backend?: 'ai_sdk' | 'claude_agent_sdk';
  readonly maxFileSize?: number;
}

export async function validateCommand(configPath: string, options: ValidateOptions = {}): Promise<ExitCode> {
  redactProcessOutput(createRedactor(collectSecrets(null, process.env).secrets));
  // A module that calls process.exit() while it loads is a config error naming it, not the end of validate.
  const guard = guardRun(process.stderr);
  // Function tools are read in worker threads, as `holodeck test` reads them; they end with the check.
  const toolThreads = toolThreadsFor(configPath);
  const load = loadReadingUserCodeWith(toolThreads.describe);
  // As for `test`: a variable of a setting the command line gives is not read (`--backend` over HOLODECK_BACKEND).
  const loaded = await loadForCommandOrReport(configPath, load, options);
  await toolThreads.workers.close();
  if (guard.crash() !== null) return EXIT.runtime;
  if (loaded === null) return EXIT.config;
  // A model matrix (`models:`, or several --model): every model must be able to run, as `holodeck test` checks —
  // each model on its own, not the configuration's own model first.
  const matrix = planMatrix(loaded, options.models ?? [], options.backend ?? loaded.backend.type);
  if (!matrix.ok) {
    process.stderr.write(`error: ${matrix.message}\n`);
    return EXIT.config;
  }
  const entries = matrix.entries;
  const single = entries.length > 1 ? null : await runnableConfigIssues(loaded, options, false);
  const config = single?.config ?? loaded;
  const issues: ConfigIssue[] = [...(single?.issues ?? [])];
  for (const [i, entry] of entries.entries()) {
    issues.push(...(await matrixIssues(config, entry, options, process.env, i === 0)));
  }
  // What `test` refuses from the settings and the environment, said with the rest: every problem at once.
  const problems = await configRunProblems(config, process.env);
  if (entries.length > 1 && config.execution.cache === true) {
    problems.push(pendingIssue('RUN_SETTING', ['execution', 'cache'], MATRIX_REFUSES_RECORDING));
  }
  issues.push(...(await locatePendingIssues(config, process.env, problems)));
  if (issues.length > 0) {
    printIssues(issues);
    return EXIT.config;
  }
  writeWarnings([...configWarnings(config, config.test_cases), ...(await functionToolWarnings(config))]);
  const turns = config.test_cases.reduce((sum, testCase) => sum + testCase.turns.length, 0);
  const model =
    entries.length > 1
      ? `models ${entries.map((entry) => entry.label).join(', ')}`
      : config.model === null
        ? 'no model'
        : `model ${config.model.provider}:${config.model.name}`;
  const judge = runJudge(config);
  const judged = judge === null ? '' : `, judge ${judge.provider}:${judge.name}`;
  // The name and the path are shown, never played: their escape sequences and bidirectional marks spelled out.
  process.stdout.write(
    escapeControlChars(
      `✓ ${config.config_path} is valid: agent "${config.name}", ${countNoun(config.test_cases.length, 'test case')}, ` +
        `${countNoun(turns, 'turn')}, ${toolsText(config)}, backend ${config.backend.type}, ${model}${judged}`,
    ) + '\n',
  );
  return EXIT.ok;
}

/**
 * `3 tools` when every tool is a function tool; with MCP servers, which validate does not start, their count
 * beside the function tools (`2 function tools, 1 MCP server`): how many tools a server offers is known only once
 * it runs (`test --dry-run` lists them).
 */
function toolsText(config: AgentConfig): string {
  const functions = config.tools.filter((tool) => tool.type === 'function').length;
  const servers = config.tools.length - functions;
  if (servers === 0) return countNoun(functions, 'tool');
  const server = countNoun(servers, 'MCP server');
  return functions === 0 ? server : `${countNoun(functions, 'function tool')}, ${server}`;
}
