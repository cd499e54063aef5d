/**
 * A module agent that replaces process.stdout.write or process.stderr.write with a wrapper that drops the write
 * callback cannot change how the run ends: holodeck waits for its output to be flushed without that wrapper, and
 * the process leaves with the run's own exit code.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

const WRAP = (stream: string) =>
  `const ${stream}Write = process.${stream}.write.bind(process.${stream});\nprocess.${stream}.write = (s) => ${stream}Write(s);\n`;

describe('a module agent that wraps the output streams', () => {
  beforeAll(() => {
    expect(existsSync(fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url)))).toBe(true);
  });

  it('leaves the exit code to the run: 0 when it passes, 1 when it fails', async () => {
    const project = (answer: string) =>
      writeProject({
        'package.json': '{"type":"module"}',
        'agent.mjs': `${WRAP('stdout')}${WRAP('stderr')}export const createAgent = () => ({ send: () => "${answer}" });\n`,
        'agent.yaml':
          'name: h\nbackend: { module: "agent.mjs:createAgent" }\nevaluations: { metrics: [ { type: standard, metric: equality } ] }\ntest_cases:\n  - { name: c1, input: hi, ground_truth: x }\n',
      });
    const [passing, failing] = await Promise.all([project('x'), project('y')]);
    const [passed, failed] = await Promise.all([
      runCli(['test', 'agent.yaml'], { cwd: passing }),
      runCli(['test', 'agent.yaml'], { cwd: failing }),
    ]);
    expect(passed.stderr).toBe('');
    expect(passed.code).toBe(0);
    expect(passed.stdout).toContain('run record');
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('run record');
  }, 30_000);
});
