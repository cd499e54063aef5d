/**
 * `test view --export` of a results folder the user cannot read says that the runs cannot be read, exit 2 (a
 * run that cannot be read), instead of `cannot write the report …` and exit 3: the page was never the problem.
 * The export runs as another user (root reads any folder) where the tests run as root, else as this one.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CLI_PATH, runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

const AGENT = 'export function create() { return { send: (turn) => turn.input }; }\n';
const YAML = `name: Locked Agent
backend: { module: "agent.mjs:create" }
evaluations:
  metrics: [{ type: standard, metric: equality }]
test_cases:
  - { name: a, input: one, ground_truth: one }
`;

const asRoot = process.getuid?.() === 0;
const hasSetpriv = (() => {
  try {
    execFileSync('setpriv', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
/** How to run a command as a user who cannot read a folder only its owner may. */
const otherUser = asRoot ? ['setpriv', '--reuid', '65534', '--regid', '65534', '--clear-groups'] : [];

async function exportAs(args: readonly string[]): Promise<{ code: number; stderr: string }> {
  const [command, ...rest] = [...otherUser, process.execPath, CLI_PATH, ...args];
  try {
    const { stderr } = await promisify(execFile)(command as string, rest, { env: { ...process.env, NO_COLOR: '1' } });
    return { code: 0, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, stderr: failed.stderr ?? '' };
  }
}

describe('holodeck test view --export of runs that cannot be read', () => {
  it.skipIf(process.platform === 'win32' || (asRoot && !hasSetpriv))(
    'says the results folder or the agent folder cannot be read, exit 2',
    async () => {
      const dir = await writeProject({ 'agent.mjs': AGENT, 'agent.yaml': YAML });
      expect((await runCli(['test', 'agent.yaml', '-q'], { cwd: dir })).code).toBe(0);
      await chmod(dir, 0o755);
      const out = join(dir, 'out');
      await mkdir(out);
      await chmod(out, 0o777);
      const results = join(dir, 'results');
      for (const locked of [results, join(results, 'locked-agent')]) {
        await chmod(locked, asRoot ? 0o700 : 0o000);
        const run = await exportAs(['test', 'view', join(dir, 'agent.yaml'), '--export', join(out, 'x.html')]);
        expect(run).toEqual({
          code: 2,
          stderr: `error: the runs in ${results} cannot be read: EACCES: permission denied, scandir '${locked}' — give --results-dir a folder you can read, or read access to this one\n`,
        });
        await chmod(locked, 0o755);
      }
    },
  );
});
