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
});
