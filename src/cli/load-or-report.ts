/**
 * Loads the configuration, applies the command line's overrides and checks that it can run (API keys, a
 * backend that serves the provider); on failure prints every issue, located, to stderr.
 */

import { relative } from 'node:path';
import { formatConfigIssue } from '../config/format-config-issue.js';
import { type LoadConfigOptions, loadConfig } from '../config/load-config.js';
import type { AgentConfig } from '../core/config-types.js';
import type { ConfigIssue } from '../core/errors.js';
import { beforeFirstImport } from '../loader/load-module.js';
import type { DescribeToolExport } from '../loader/tool-export-shape.js';
import type { Overrides } from './apply-overrides.js';
import { graderExports } from './grader-export-reader.js';
import { casesWithOwnMetrics } from './ground-truth-issues.js';
import { mergeConfigIssues } from './merge-config-issues.js';
import { envWithout, type GivenSettings, overriddenEnvNames } from './overridden-env.js';
import { runnableConfigIssues } from './runnable-config-issues.js';
import { guardStalls } from './stall-guard.js';

/**
 * loadConfig reading function tools with `describe` (in their threads: see cli/tool-threads.ts) and code graders
 * in the threads of the pool they run in: this thread imports neither.
 */
export function loadReadingUserCodeWith(describe: DescribeToolExport): typeof loadConfig {
  const describeGrader = graderExports().describe;
  return (path: string, options: LoadConfigOptions) =>
    loadConfig(path, { ...options, describe_tool: describe, describe_grader: describeGrader });
}

/** `maxFileSize`: `--max-file-size`, in MB. */
export async function loadOrReport(
  configPath: string,
  load = loadConfig,
  maxFileSize?: number,
  /** `HOLODECK_*` variables not read: the command line gives their settings (overridden-env.ts). */
  ignoredEnv: readonly string[] = [],
  /** `--replay`: no model is called, so an API key's unset variable is no error. */
  offline = false,
  /**
   * The command line's overrides, for a configuration that does not load: the checks of loadRunnableOrReport
   * run on the parts that did load, and their issues are reported with the loader's, so that one run says all.
   */
  overrides: Overrides | null = null,
): Promise<AgentConfig | null> {
  let loaded: Awaited<ReturnType<typeof loadConfig>>;
  // A grader's or module agent's module is imported in this thread to check it: from then on it is guarded.
  beforeFirstImport(() => guardStalls());
  try {
    loaded = await load(configPath, {
      env: envWithout(process.env, ignoredEnv),
      max_file_size_mb: maxFileSize,
      offline,
    });
  } catch (error) {
    // The loader reports problems as issues; a throw is a defect, still answered as a configuration error.
    const where = relative(process.cwd(), configPath) || configPath;
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    process.stderr.write(`1 configuration error:\n\n${where}  the configuration could not be loaded (${reason})\n\n`);
    return null;
  }
  if (loaded.ok) return loaded.value;
  const { issues, partial } = loaded;
  if (overrides === null || partial === null) printIssues(issues);
  else {
    const later = await runnableConfigIssues(partial, overrides, offline);
    printIssues(mergeConfigIssues(issues, later.issues, partial.config_path, casesWithOwnMetrics(partial)));
  }
  return null;
}

/** The options of `test` and `validate` that bear on loading the configuration. */
export interface CommandSettings extends GivenSettings, Omit<Overrides, 'backend'> {
  readonly backend?: Overrides['backend'];
  /** `--max-file-size`, in MB. */
  readonly maxFileSize?: number | undefined;
  /** `--replay`: no model is called. */
  readonly replay?: unknown;
}

/**
 * loadOrReport for `test` and `validate`: a configuration that does not load also gets the checks of
 * loadRunnableOrReport on the parts that loaded, every error reported in one run.
 */
export function loadForCommandOrReport(
  configPath: string,
  load: typeof loadConfig,
  options: CommandSettings,
): Promise<AgentConfig | null> {
  const offline = options.replay !== undefined;
  return loadOrReport(configPath, load, options.maxFileSize, overriddenEnvNames(options), offline, options);
}

/**
 * The configuration as a run would use it, or null after printing why it cannot run. `offline` (`--replay`): no
 * model is called, so missing API keys are no reason to refuse. `loaded`: the configuration as already loaded
 * from `configPath` (by loadOrReport), so it is not read and checked a second time.
 */
export async function loadRunnableOrReport(
  configPath: string,
  overrides: Overrides,
  maxFileSize?: number,
  offline = false,
  loaded: AgentConfig | null = null,
): Promise<AgentConfig | null> {
  loaded ??= await loadOrReport(configPath, loadConfig, maxFileSize);
  if (loaded === null) return null;
  const { config, issues } = await runnableConfigIssues(loaded, overrides, offline);
  if (issues.length === 0) return config;
  printIssues(issues);
  return null;
}

/** Prints the issues, each once: the models of a matrix that share a mistake (a key variable unset) say it once. */
export function printIssues(issues: readonly ConfigIssue[]): void {
  const texts = [...new Set(issues.map((issue) => formatConfigIssue(issue, process.cwd())))];
  const count = texts.length;
  process.stderr.write(`${count} configuration error${count === 1 ? '' : 's'}:\n\n`);
  for (const text of texts) process.stderr.write(`${text}\n\n`);
}
