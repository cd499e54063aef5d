/**
 * How each tool is run on a workload and how its verdicts are read back: holodeck's built CLI with `-q`,
 * promptfoo's CLI with `eval --no-cache --no-table --no-progress-bar`. Both write one JSON report, which
 * says how many turns passed, so a figure from a run that did not do the work is never shown as a result.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompareCase } from './compare-cases.js';
import { promptfooEnv } from './promptfoo-install.js';
import { writeHolodeckProject, writePromptfooProject } from './write-projects.js';

export const HOLODECK_CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

export type ToolName = 'holodeck' | 'promptfoo';

export interface TurnOutcome {
  readonly passed: number;
  readonly total: number;
}

export interface CompareTool {
  readonly name: ToolName;
  readonly entry: string;
  readonly env: Readonly<Record<string, string>>;
  writeProject(dir: string, url: string, cases: readonly CompareCase[]): Promise<void>;
  /** Arguments of a run of the project in `dir` with `parallel` cases at once. */
  runArgs(dir: string, parallel: number): string[];
  /** Turns passed out of turns run, from the run's JSON report; null when the report is missing or unreadable. */
  readOutcome(dir: string): Promise<TurnOutcome | null>;
}

export function holodeckTool(): CompareTool {
  return {
    name: 'holodeck',
    entry: HOLODECK_CLI,
    env: {},
    writeProject: writeHolodeckProject,
    runArgs: (dir, parallel) => ['test', dir, '-q', '-j', String(parallel), '--output', join(dir, 'report.json')],
    async readOutcome(dir) {
      const report = await readJson(join(dir, 'report.json'));
      const summary = (report as { summary?: { passed_turns?: unknown; total_turns?: unknown } } | null)?.summary;
      return outcome(summary?.passed_turns, summary?.total_turns);
    },
  };
}

/** promptfoo at `entry`, keeping its database and logs in `configDir`. */
export function promptfooTool(entry: string, configDir: string): CompareTool {
  return {
    name: 'promptfoo',
    entry,
    env: promptfooEnv(configDir),
    writeProject: writePromptfooProject,
    runArgs: (dir, parallel) => [
      'eval',
      '-c',
      join(dir, 'promptfooconfig.yaml'),
      '--max-concurrency',
      String(parallel),
      '--no-cache',
      '--no-table',
      '--no-progress-bar',
      '-o',
      join(dir, 'output.json'),
    ],
    async readOutcome(dir) {
      const output = await readJson(join(dir, 'output.json'));
      const stats = (output as { results?: { stats?: Record<string, unknown> } } | null)?.results?.stats ?? {};
      const { successes, failures, errors } = stats;
      if (typeof failures !== 'number' || typeof errors !== 'number') return null;
      return outcome(successes, typeof successes === 'number' ? successes + failures + errors : undefined);
    },
  };
}

function outcome(passed: unknown, total: unknown): TurnOutcome | null {
  return typeof passed === 'number' && typeof total === 'number' ? { passed, total } : null;
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return null;
  }
}
