/**
 * User code may not change the run's working directory: the run's relative paths (`--output out.json`, its
 * record) are read from it. `process.chdir()` in a module agent throws at the caller, naming the file and line, in
 * the main thread as in case threads (`--workers`), where the configuration error that follows says so too.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

const YAML =
  'name: h\nbackend: { module: "agent.mjs:createAgent" }\nevaluations: { metrics: [ { type: standard, metric: equality } ] }\ntest_cases:\n  - { name: c1, input: hi, ground_truth: x }\n';

async function project(agent: string): Promise<{ dir: string; elsewhere: string }> {
  const dir = await writeProject({ 'package.json': '{"type":"module"}', 'agent.mjs': agent, 'agent.yaml': YAML });
  const elsewhere = join(dir, 'elsewhere');
  await mkdir(elsewhere);
  return { dir, elsewhere };
}

describe('process.chdir() in a module agent', () => {
  beforeAll(() => {
    expect(existsSync(fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url)))).toBe(true);
  });

  it('at import is a configuration error naming the line, with or without --workers', async () => {
    const { dir, elsewhere } = await project(
      `process.chdir(${JSON.stringify('elsewhere')});\nexport const createAgent = () => ({ send: () => "x" });\n`,
    );
    const args = ['test', 'agent.yaml', '--output', 'out.json'];
    const runs = await Promise.all([
      runCli(args, { cwd: dir }),
      runCli([...args, '--workers', '2'], { cwd: dir }),
      runCli(['validate', 'agent.yaml'], { cwd: dir }),
    ]);
    for (const run of runs) {
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('agent.yaml:2:20  backend.module');
      expect(run.stderr).toContain(
        `importing ${join(dir, 'agent.mjs')} threw: agent.mjs:1:9 called process.chdir("elsewhere"): user code may not change the run's working directory`,
      );
    }
    expect(existsSync(join(elsewhere, 'out.json'))).toBe(false);
    expect(existsSync(join(dir, 'out.json'))).toBe(false);
  }, 30_000);

  it('in a turn errors that case; the reports are written where the command line said', async () => {
    const { dir, elsewhere } = await project(
      'export const createAgent = () => ({\n  send: () => {\n    process.chdir("elsewhere");\n    return "x";\n  },\n});\n',
    );
    const run = await runCli(['test', 'agent.yaml', '--output', 'out.json'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Object.send (agent.mjs:3:13) called process.chdir("elsewhere")');
    expect(run.stdout).toContain('report      out.json');
    expect(existsSync(join(dir, 'out.json'))).toBe(true);
    expect(existsSync(join(elsewhere, 'out.json'))).toBe(false);
  }, 30_000);
});
