/**
 * `--output -` (or `execution.output: "-"`) writes the report to stdout, and stdout holds the report alone: the
 * console's summary and the list of what was written go to stderr, so `holodeck test --output - --format json | jq`
 * reads a report.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CLI_PATH, runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

const AGENT = 'export function create() { return { send: (turn) => turn.input }; }\n';
const yaml = (execution = '') => `name: piped
backend: { module: "agent.mjs:create" }
${execution}evaluations:
  metrics: [{ type: standard, metric: equality }]
test_cases:
  - { name: a, input: one, ground_truth: one }
  - { name: b, input: two, ground_truth: three }
`;

describe('a report on stdout', () => {
  it('puts the JSON report alone on stdout and the summary on stderr, with the verdict as exit code', async () => {
    const dir = await writeProject({ 'agent.mjs': AGENT, 'agent.yaml': yaml() });
    const run = await runCli(['test', 'agent.yaml', '--output', '-', '--format', 'json'], { cwd: dir });
    expect(run.code, run.stderr).toBe(1);
    const report = JSON.parse(run.stdout) as { summary: { passed: number; failed: number } };
    expect(report.summary).toMatchObject({ passed: 1, failed: 1 });
    expect(run.stderr).toContain('Run completed — piped');
    expect(run.stderr).toContain('Cases   1 passed · 1 failed');
  });

  it('writes JUnit there too, and takes "-" from execution.output', async () => {
    const dir = await writeProject({
      'agent.mjs': AGENT,
      'agent.yaml': yaml('execution: { output: "-", format: junit }\n'),
    });
    const run = await runCli(['test', 'agent.yaml'], { cwd: dir });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout.startsWith('<?xml')).toBe(true);
    expect(run.stdout).toContain('<testsuites');
    expect(run.stderr).toContain('Run completed — piped');
  });

  it('refuses "-" without --format, before any case runs', async () => {
    const dir = await writeProject({ 'agent.mjs': AGENT, 'agent.yaml': yaml() });
    const run = await runCli(['test', 'agent.yaml', '--output', '-'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'error: --output - writes the report to stdout: give --format json|markdown|junit with it\n',
    );
    expect(run.stdout).toBe('');
  });

  it("keeps user code's console output off it, with and without workers, and says the report went to -", async () => {
    const noisy = `export function create() {
  return { send: (turn) => { console.log('AGENT-NOISE'); process.stdout.write('RAW-NOISE\\n'); return turn.input; } };
}
`;
    const dir = await writeProject({ 'agent.mjs': noisy, 'agent.yaml': yaml() });
    for (const workers of ['1', '2']) {
      const run = await runCli(['test', 'agent.yaml', '--workers', workers, '--output', '-', '--format', 'json'], {
        cwd: dir,
      });
      expect(run.code, run.stderr).toBe(1);
      expect((JSON.parse(run.stdout) as { summary: { total_tests: number } }).summary.total_tests).toBe(2);
      expect(run.stderr).toContain('AGENT-NOISE');
      expect(run.stderr).toContain('RAW-NOISE');
      expect(run.stderr).toMatch(/^report {6}-$/m);
    }
  });

  it('writes the report alone into a file the shell redirects stdout to', async () => {
    const dir = await writeProject({ 'agent.mjs': AGENT, 'agent.yaml': yaml() });
    const script = `"${process.execPath}" "${CLI_PATH}" test agent.yaml --output - --format json > out.json 2> err.txt`;
    await promisify(execFile)('sh', ['-c', script], { cwd: dir }).catch((error: { code?: number }) => {
      expect(error.code).toBe(1);
    });
    const text = await readFile(join(dir, 'out.json'), 'utf8');
    expect(text).not.toContain('\u0000');
    expect((JSON.parse(text) as { summary: { failed: number } }).summary.failed).toBe(1);
    expect(await readFile(join(dir, 'err.txt'), 'utf8')).toContain('Run completed — piped');
  });

  it('is refused for a model matrix, whose models print their consoles on stdout', async () => {
    const matrix = yaml().replace(
      'backend: { module: "agent.mjs:create" }\n',
      'models:\n  - { provider: ollama, name: a }\n  - { provider: ollama, name: b }\n',
    );
    const dir = await writeProject({ 'agent.mjs': AGENT, 'agent.yaml': matrix });
    const run = await runCli(['test', 'agent.yaml', '--output', '-', '--format', 'markdown'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--output - (stdout) cannot hold a model matrix's report alone");
    expect(run.stdout).toBe('');
  });
});
