/**
 * The command that continues an interrupted run: the same config, results folder and options as the run
 * that stopped (reports, parallelism, timeout, model, verbosity), plus `--resume RUN`.
 */
import { relative } from 'node:path';
import { holodeckCommand } from './holodeck-command.js';
import { type PlannedOutput, shownOutputPath } from './plan-outputs.js';
import { shellQuote } from './shell-quote.js';
import { DEFAULT_GRACE_PERIOD_S, type TestOptions } from './test-options.js';

export interface ResumeCommandInput {
  readonly configPath: string;
  /** Set when run records do not go to the default folder. */
  readonly resultsDir: string | null;
  readonly runId: string;
  readonly options: TestOptions;
  readonly outputs: readonly PlannedOutput[];
  readonly cwd: string;
  /** How the command starts (`holodeck`, or `npx holodeck` for a project's own install). */
  readonly command?: readonly string[];
}

export function resumeCommandLine(input: ResumeCommandInput): string {
  const { options, cwd } = input;
  const path = (absolute: string) => relative(cwd, absolute) || '.';
  const args = [...(input.command ?? holodeckCommand()), 'test', path(input.configPath)];
  if (input.resultsDir !== null) args.push('--results-dir', path(input.resultsDir));
  for (const output of input.outputs) args.push('--output', shownOutputPath(output.path, cwd));
  if (options.format !== undefined) args.push('--format', options.format);
  if (options.parallelTestCases !== undefined) args.push('-j', String(options.parallelTestCases));
  if (options.workers !== undefined) args.push('--workers', String(options.workers));
  if (options.timeout !== undefined) args.push('--timeout', String(options.timeout));
  if (options.model !== undefined) args.push('--model', `${options.model.provider}:${options.model.name}`);
  if (options.backend !== undefined) args.push('--backend', options.backend);
  if (options.failOnToolError === true) args.push('--fail-on-tool-error');
  if (options.gracePeriod !== DEFAULT_GRACE_PERIOD_S) args.push('--grace-period', String(options.gracePeriod));
  if (options.maxTextLength !== undefined) args.push('--max-text-length', String(options.maxTextLength));
  if (options.maxFileSize !== undefined) args.push('--max-file-size', String(options.maxFileSize));
  // A replay or the cache serve the rest as they served the start; a recording is not continued (it would be
  // written anew with the rest only).
  if (options.replay !== undefined) args.push('--replay', options.replay);
  if (options.cache) args.push('--cache');
  if (options.cacheDir !== undefined) args.push('--cache-dir', options.cacheDir);
  if (options.verbosity === 'verbose') args.push('-v');
  if (options.verbosity === 'quiet') args.push('-q');
  args.push('--resume', input.runId);
  return args.map(shellQuote).join(' ');
}
