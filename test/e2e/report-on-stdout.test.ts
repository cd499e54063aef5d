/**
 * `--output -` (or `execution.output: "-"`) writes the report to stdout, and stdout holds the report alone: the
 * console's summary and the list of what was written go to stderr, so `holodeck test --output - --format json | jq`
 * reads a report.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
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
});
