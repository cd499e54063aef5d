/**
 * Names quoted in warnings and configuration errors on stderr show their control and bidirectional characters
 * spelled out, as the console report does: a name must neither drive the terminal nor turn a line around.
 */
import { describe, expect, it } from 'vitest';
import { displayControlsPattern } from '../../src/core/display-controls.js';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

const AGENT = 'export function create() { return { async send() { return "an answer"; } }; }\n';
// Raw ESC, C1 CSI and the bidirectional marks, overrides and isolates (tab and newline aside).
const RAW_CONTROLS = new RegExp(displayControlsPattern('\t\n').source);

describe('control characters in names on stderr', () => {
  it('are spelled out in the warning about a case that asserts nothing', async () => {
    const dir = await writeProject({
      'agent.mjs': AGENT,
      'agent.yaml': `name: controls
backend: { module: "agent.mjs:create" }
test_cases:
  - { name: "ctl \\e[2J\\e[31mRED \\u202Eevil", input: "say:1" }
`,
    });
    for (const args of [
      ['validate', 'agent.yaml'],
      ['test', 'agent.yaml'],
      ['test', 'agent.yaml', '--dry-run'],
    ]) {
      const run = await runCli(args, { cwd: dir });
      expect(run.stderr).toContain('asserts nothing');
      expect(run.stderr).toContain('\\u202e');
      expect(run.stderr).not.toMatch(RAW_CONTROLS);
    }
  });

  it('are spelled out in a configuration error naming a duplicate test case', async () => {
    const dir = await writeProject({
      'agent.mjs': AGENT,
      'dup.yaml': `name: controls
backend: { module: "agent.mjs:create" }
test_cases:
  - { name: "x \\u202Eevil \\e[31m", input: "a" }
  - { name: "x \\u202Eevil \\e[31m", input: "b" }
`,
    });
    const run = await runCli(['validate', 'dup.yaml'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('duplicate test case name "x \\u202eevil \\x1b[31m"');
    expect(run.stderr).not.toMatch(RAW_CONTROLS);
  });

  it('are spelled out in the notes of compare and the problems merge-reports lists', async () => {
    const agent = (name: string, input: string) => `name: "${name}"
backend: { module: "agent.mjs:create" }
test_cases:
  - { name: "c \\u202Eevil \\e[2J", input: "${input}", ground_truth: "an answer" }
`;
    const dir = await writeProject({
      'agent.mjs': AGENT,
      'a.yaml': agent('A \\e[31mred', 'a'),
      'b.yaml': agent('B', 'b'),
    });
    const a = await runCli(['test', 'a.yaml', '--results-dir', 'r', '--output', 'a.json'], { cwd: dir });
    const b = await runCli(['test', 'b.yaml', '--results-dir', 'r', '--output', 'b.json'], { cwd: dir });
    expect([a.code, b.code]).toEqual([0, 0]);
    const records = (run: { stdout: string }) => /run record\s+(\S+)/.exec(run.stdout)?.[1] ?? '';
    const compared = await runCli(['compare', records(a), records(b)], { cwd: dir });
    expect(compared.stdout).toContain('run A is of agent "A \\x1b[31mred"');
    expect(compared.stdout).toContain('"c \\u202eevil \\x1b[2J"');
    expect(compared.stdout).not.toMatch(RAW_CONTROLS);
    for (const _ of [1, 2])
      await runCli(['test', 'a.yaml', '--results-dir', 's', '--shard', '1/2', '-q'], { cwd: dir });
    const merged = await runCli(['merge-reports', 's'], { cwd: dir });
    expect(merged.code).toBe(2);
    expect(merged.stderr).toContain('test case "c \\u202eevil \\x1b[2J" is in both');
    expect(merged.stderr).not.toMatch(RAW_CONTROLS);
  });
});
