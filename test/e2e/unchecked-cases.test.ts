/**
 * A test case that asserts nothing passes whatever the agent answers: `validate`, `test` and `test --dry-run`
 * name it before any agent call, and the run still goes on (its verdict unchanged).
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

const AGENT = 'export function create() { return { async send() { return "an answer no one checks"; } }; }\n';

function project(): Promise<string> {
  return writeProject({
    'agent.mjs': AGENT,
    'agent.yaml': `name: unchecked
backend: { module: "agent.mjs:create" }
test_cases:
  - { name: forgot-metrics, input: "what is 6 x 7?", ground_truth: "42" }
  - name: checked
    input: "what is 6 x 7?"
    ground_truth: "42"
    evaluations: [{ type: standard, metric: equality }]
`,
  });
}

const WARNING =
  'warning: 1 test case "forgot-metrics" asserts nothing: it passes whenever the agent answers without an error — no metric applies';

describe('test cases that assert nothing', () => {
  it('are named by validate, which still succeeds', async () => {
    const dir = await project();
    const run = await runCli(['validate', 'agent.yaml'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(WARNING);
    expect(run.stderr).not.toContain('"checked"');
  });

  it('are named before the run, which judges the others as usual', async () => {
    const dir = await project();
    const run = await runCli(['test', 'agent.yaml'], { cwd: dir });
    expect(run.stderr).toContain(WARNING);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/✓ forgot-metrics/);
    expect(run.stdout).toMatch(/✗ checked/);
  });

  it('are named by a dry run, and not when a filter leaves them out', async () => {
    const dir = await project();
    const dry = await runCli(['test', 'agent.yaml', '--dry-run'], { cwd: dir });
    expect(dry.code).toBe(0);
    expect(dry.stderr).toContain(WARNING);
    const filtered = await runCli(['test', 'agent.yaml', '--filter', 'checked'], { cwd: dir });
    expect(filtered.stderr).not.toContain('asserts nothing');
  });
});
