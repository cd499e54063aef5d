/**
 * User code cannot freeze the run: code graders and function tools run in worker threads, so a synchronous
 * endless loop is stopped at the grader's timeout_ms or the turn's timeout, and `process.exit()` in them ends only
 * their worker. The run finishes, every report is written, and the affected cases are never passed.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/user-code-guard/', import.meta.url));

async function project(agentYaml: string): Promise<string> {
  const files: Record<string, string> = { 'agent.yaml': agentYaml };
  for (const name of ['agent.mjs', 'graders.ts', 'tools.ts'])
    files[name] = await readFile(join(FIXTURES, name), 'utf8');
  return writeProject(files);
}

function cases(inputs: ReadonlyArray<readonly [string, string | null]>): string {
  return inputs
    .map(([input, tool]) => {
      const config = tool === null ? '' : `\n    turn_config: { tool: ${tool} }`;
      return `  - name: ${input}\n    input: ${input}${config}`;
    })
    .join('\n');
}

async function runProject(dir: string) {
  const outputs = ['report.json', 'report.md', 'junit.xml'].map((name) => join(dir, name));
  const run = await runCli(['test', 'agent.yaml', ...outputs.flatMap((o) => ['--output', o])], {
    cwd: dir,
    timeoutMs: 90_000,
  });
  const report = JSON.parse(await readFile(outputs[0]!, 'utf8')) as RunReport;
  const result = (name: string) => {
    const found = report.results.find((r) => r.test_name === name);
    if (found === undefined) throw new Error(`no result for ${name}`);
    return found;
  };
  return { run, report, result, outputs };
}

describe('user code that would freeze or end the run', () => {
  beforeAll(() => {
    expect(existsSync(fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url)))).toBe(true);
  });

  it('stops a grader stuck in a loop at its timeout_ms and one that calls process.exit; the run goes on', async () => {
    const dir = await project(`name: guard
backend: { module: "agent.mjs:create" }
evaluations:
  metrics:
    - { type: code, grader: "graders.ts:check", name: check, timeout_ms: 500 }
test_cases:
${cases([
  ['first', null],
  ['grader-spin', null],
  ['grader-exit', null],
  ['last', null],
])}
`);
    const { run, report, result, outputs } = await runProject(dir);
    expect(run.signal).toBeNull();
    expect(run.code).toBe(1);
    expect(report.results.map((r) => [r.test_name, r.passed])).toEqual([
      ['first', true],
      ['grader-spin', false],
      ['grader-exit', false],
      ['last', true],
    ]);
    expect(result('grader-spin').metric_results[0]).toMatchObject({
      metric_name: 'check',
      passed: false,
      error: 'grader graders.ts:check timed out after 500 ms',
    });
    expect(result('grader-exit').metric_results[0]).toMatchObject({
      passed: false,
      error: 'grader graders.ts:check called process.exit(0)',
    });
    for (const output of outputs) expect(existsSync(output)).toBe(true);
    expect(await readFile(outputs[1]!, 'utf8')).toContain('grader graders.ts:check timed out after 500 ms');
  });

  it('stops a function tool stuck in a loop at the turn timeout, reports one that calls process.exit, and hands the others their signal', async () => {
    const dir = await project(`name: guard
backend: { module: "agent.mjs:create" }
tools:
  - { name: counter, type: function, file: tools.ts, function: counter, parameters: { type: object } }
  - { name: spin, type: function, file: tools.ts, function: spin, parameters: { type: object } }
  - { name: exits, type: function, file: tools.ts, function: exits, parameters: { type: object } }
  - { name: waitForAbort, type: function, file: tools.ts, function: waitForAbort, parameters: { type: object } }
execution: { llm_timeout: 4 }
test_cases:
${cases([
  ['count-1', 'counter'],
  ['tool-spin', 'spin'],
  ['count-after-spin', 'counter'],
  ['tool-exit', 'exits'],
  ['count-after-exit', 'counter'],
  ['honours-signal', 'waitForAbort'],
  ['count-after-signal', 'counter'],
])}
`);
    const { run, report, result } = await runProject(dir);
    expect(run.signal).toBeNull();
    expect(run.code).toBe(1);
    const passed = Object.fromEntries(report.results.map((r) => [r.test_name, r.passed]));
    expect(passed).toMatchObject({ 'tool-spin': false, 'tool-exit': false, 'honours-signal': false });
    // The spinning worker was terminated, so the module's state starts again; honouring the signal kept it.
    expect(report.results.map((r) => [r.test_name, r.agent_response])).toEqual([
      ['count-1', '1'],
      ['tool-spin', ''],
      ['count-after-spin', '1'],
      ['tool-exit', ''],
      ['count-after-exit', '1'],
      ['honours-signal', ''],
      ['count-after-signal', '2'],
    ]);
    expect(result('tool-spin').errors.join('\n')).toContain('turn timed out after 4s');
    expect(result('tool-exit').errors.join('\n')).toContain('tool exits called process.exit(0)');
    expect(result('honours-signal').errors.join('\n')).toContain('turn timed out after 4s');
    // The hung call is in the report as a call of its tool, with its timeout, not as "not called".
    expect(JSON.stringify(result('tool-spin'))).toContain('"tool_calls":["spin"]');
    expect(JSON.stringify(result('tool-spin'))).toContain('"error":"tool spin timed out after 4 s"');
    const seen = await readFile(join(dir, 'tool-errors.log'), 'utf8');
    expect(seen).toContain('tool-spin: tool spin timed out after 4 s');
    expect(seen).toContain('tool-exit: tool exits called process.exit(0)');
    expect(seen).toContain('honours-signal: tool waitForAbort timed out after 4 s');
    await expect.poll(() => existsSync(join(dir, 'aborted.txt'))).toBe(true);
    expect(await readFile(join(dir, 'aborted.txt'), 'utf8')).toBe(
      'TurnTimeoutError: turn timed out after 4s (llm_timeout)',
    );
  });
});
