/**
 * Configuration named by a path that is no regular file — a named pipe nobody writes to, an endless device —
 * is a located configuration error at once, not a command that blocks for ever or reads until memory runs out.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

const AGENT = 'export function create() {\n  return { send: (turn) => turn.input };\n}\n';

describe('special files as configuration', () => {
  it('refuses a named pipe given as the configuration, in validate and test', async () => {
    const dir = await writeProject({ 'agent.mjs': AGENT });
    execFileSync('mkfifo', [join(dir, 'agent.yaml')]);
    for (const command of ['validate', 'test']) {
      const run = await runCli([command, 'agent.yaml'], { cwd: dir, timeoutMs: 20_000 });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(
        'agent.yaml: it is a named pipe (FIFO), not a regular file (configuration is read from regular files only)',
      );
    }
  });

  it('refuses a test cases file or an instructions file that is a device or a named pipe, located', async () => {
    const dir = await writeProject({
      'agent.mjs': AGENT,
      'agent.yaml':
        'name: special\nbackend: { module: "agent.mjs:create" }\ninstructions: { file: pipe }\ntest_cases_file: /dev/zero\n',
    });
    execFileSync('mkfifo', [join(dir, 'pipe')]);
    const run = await runCli(['validate', 'agent.yaml'], { cwd: dir, timeoutMs: 20_000 });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /agent\.yaml:3:\d+ +instructions\.file\n +cannot read instructions file .*pipe: it is a named pipe \(FIFO\)/,
    );
    expect(run.stderr).toMatch(
      /agent\.yaml:4:\d+ +test_cases_file\n +cannot read \/dev\/zero: it is a device, not a regular file/,
    );
  });

  it("refuses a turn's file that is a named pipe, a device or a folder, saying what it is, located", async () => {
    const dir = await writeProject({
      'agent.mjs': AGENT,
      'agent.yaml': `name: special
backend: { module: "agent.mjs:create" }
test_cases:
  - name: a
    input: q
    files: [{ path: pipe, type: text }, { path: /dev/zero, type: text }, { path: /tmp, type: text }, { path: gone.txt }]
`,
    });
    execFileSync('mkfifo', [join(dir, 'pipe')]);
    const run = await runCli(['test', 'agent.yaml'], { cwd: dir, timeoutMs: 20_000 });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /agent\.yaml:6:\d+ +test_cases\[0\] "a" › files\[0\]\.path\n +cannot send .*pipe with the turn: it is a named pipe \(FIFO\), not a regular file/,
    );
    expect(run.stderr).toMatch(/files\[1\]\.path\n +cannot send \/dev\/zero with the turn: it is a device/);
    expect(run.stderr).toMatch(/files\[2\]\.path\n +cannot send \/tmp with the turn: it is a folder/);
    expect(run.stderr).toMatch(/files\[3\]\.path\n +file not found: .*gone\.txt/);
  });

  it('fails a run whose report goes to a named pipe nobody reads, and does not list that report as written', async () => {
    const dir = await writeProject({
      'agent.mjs': AGENT,
      'agent.yaml':
        'name: special\nbackend: { module: "agent.mjs:create" }\ninstructions: { inline: hi }\n' +
        'test_cases:\n  - { name: a, input: hello, ground_truth: hello }\n',
    });
    execFileSync('mkfifo', [join(dir, 'pipe.json')]);
    const run = await runCli(['test', 'agent.yaml', '--output', 'pipe.json', '--output', 'report.md'], {
      cwd: dir,
      timeoutMs: 30_000,
    });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(`reporter error: no process reads the named pipe ${join(dir, 'pipe.json')}`);
    expect(run.stdout).toContain('report      pipe.json  (failed, see the error above)\n');
    expect(run.stdout).toContain('report      report.md\n');
  });
});
