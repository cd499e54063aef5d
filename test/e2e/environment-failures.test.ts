/**
 * Failures of the environment the command line runs in are said in one line naming the cause, with the exit
 * code of a setup error (2) or a runtime one (3) — never Node's stack trace and exit 1, which CI reads as a
 * failed test case: a current folder deleted under the shell, a limit on open files too low to load the
 * command line's own modules.
 */
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CLI_PATH } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

const AGENT = 'export function create() { return { send: (turn) => turn.input }; }\n';
const YAML = `name: Env Agent
backend: { module: "agent.mjs:create" }
evaluations:
  metrics: [{ type: standard, metric: equality }]
test_cases:
  - { name: a, input: one, ground_truth: one }
`;

interface ShellRun {
  readonly code: number;
  readonly stderr: string;
}

/** Runs `node CLI ...args` from sh after `setup` (sh commands; "$0" is `dir`). */
async function runAfter(setup: string, dir: string, args: readonly string[]): Promise<ShellRun> {
  const script = `${setup} && exec "$@"`;
  try {
    const { stderr } = await promisify(execFile)('sh', ['-c', script, dir, process.execPath, CLI_PATH, ...args], {
      env: { ...process.env, NO_COLOR: '1' },
      timeout: 60_000,
    });
    return { code: 0, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, stderr: failed.stderr ?? '' };
  }
}

const GONE =
  'error: the current folder no longer exists (it was deleted after the shell entered it): cd to a folder that exists and run again\n';

describe('environment failures', () => {
  it('a deleted current folder: every command says so, exit 2, before it does anything', async () => {
    const project = await writeProject({ 'agent.mjs': AGENT, 'agent.yaml': YAML });
    const config = join(project, 'agent.yaml');
    const commands = [
      ['test', config],
      ['test', config, '--dry-run'],
      ['validate', config],
      ['compare', 'latest~1', 'latest'],
      ['test', 'view', config, '--export', join(project, 'x.html')],
      ['merge-reports', join(project, 'results')],
    ];
    for (const args of commands) {
      const gone = join(await mkdtemp(join(tmpdir(), 'holodeck-gone-')), 'here');
      const run = await runAfter('mkdir "$0" && cd "$0" && rmdir "$0"', gone, args);
      expect({ args, ...run }).toEqual({ args, code: 2, stderr: GONE });
    }
  });

  it('too few open files: one line with the limit and the fix, exit 3, also when the command line cannot load at all', async () => {
    const project = await writeProject({ 'agent.mjs': AGENT, 'agent.yaml': YAML });
    for (const limit of [24, 48]) {
      const run = await runAfter(`ulimit -n ${limit}`, project, ['test', join(project, 'agent.yaml'), '-q']);
      expect(run.code).toBe(3);
      expect(run.stderr).toMatch(
        new RegExp(
          `^error: too many open files \\(ulimit -n is ${limit}\\) while opening \\S+: raise the limit \\(ulimit -n 4096\\) and run again\\n$`,
        ),
      );
    }
  });
});
