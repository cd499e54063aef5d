/**
 * Values nested deeper than holodeck walks (128 levels) cannot end the run: tool-call arguments from the model,
 * a tool's result, a grader's details or a module agent's report nested tens of thousands of levels deep
 * overflowed the stack in the run record's redaction and ended the run (exit 3). Now the call or metric fails
 * with the cause, what is recorded is cut at the limit, and the run goes on to its verdict.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { lastUserText, toolResultsSinceLastUser } from '../fakes/fake-request-view.js';
import { answer, callTools, type FakeScript } from '../fakes/fake-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { modelBlock, writeProject } from './e2e-project.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const DEEP = 100_000;
const deepText = `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`;

const TOOLS = `export function add({ a, b }) {
  return a + b;
}

/** Arrays nested \`levels\` deep. */
export function nest({ levels }) {
  let value = [];
  for (let i = 1; i < levels; i += 1) value = [value];
  return value;
}
`;

const GRADER = `export function deepDetails() {
  let details = {};
  for (let i = 0; i < ${DEEP}; i += 1) details = { inner: details };
  return { score: 1, details };
}
`;

/** `args`: deep arguments for add; `result`: a tool result nested past the limit; else an answer at once. */
const script: FakeScript = (request) => {
  if (toolResultsSinceLastUser(request).length > 0) return answer('3');
  const question = lastUserText(request);
  if (question === 'args') {
    return { kind: 'answer', tool_calls: [{ name: 'add', args: {}, raw_args: `{"a":1,"b":2,"x":${deepText}}` }] };
  }
  if (question === 'result')
    return callTools({ name: 'nest', args: { levels: DEEP } }, { name: 'nest', args: { levels: 200 } });
  return answer('3');
};

async function runProject(): Promise<{ code: number | null; stderr: string; report: RunReport; record: string }> {
  server = await startFakeModelServer(script);
  const dir = await writeProject({
    'tools.mjs': TOOLS,
    'grader.mjs': GRADER,
    'agent.yaml': `name: deep
${modelBlock('openai', server.url)}
tools:
  - name: add
    type: function
    file: tools.mjs
    function: add
    parameters: { type: object, properties: { a: { type: number }, b: { type: number } }, required: [a, b] }
  - name: nest
    type: function
    file: tools.mjs
    function: nest
    parameters: { type: object, properties: { levels: { type: number } }, required: [levels] }
evaluations:
  metrics: [{ type: standard, metric: equality }]
test_cases:
  - name: args
    input: args
    ground_truth: "3"
  - name: result
    input: result
    ground_truth: "3"
  - name: details
    input: details
    ground_truth: "3"
    evaluations: [{ type: code, grader: "grader.mjs:deepDetails", name: deep_details }]
`,
  });
  const run = await runCli(['test', 'agent.yaml', '--output', 'report.json'], { cwd: dir });
  const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as RunReport;
  const folder = join(dir, 'results', 'deep');
  const [file] = await readdir(folder);
  return { code: run.code, stderr: run.stderr, report, record: await readFile(join(folder, file as string), 'utf8') };
}

describe('values nested past the limit', () => {
  it('fail the call or metric they come with, are recorded cut at 128 levels, and the run reaches its verdict', async () => {
    const { code, stderr, report, record } = await runProject();
    expect(stderr).not.toMatch(/stopped unexpectedly|call stack/);
    expect(code).toBe(1);
    const byName = new Map(report.results.map((result) => [result.test_name, result]));

    // Arguments: the call is a tool error given back to the model, which answers.
    const args = byName.get('args');
    expect(args?.status).toBe('passed');
    expect(args?.tool_invocations[0]?.error).toMatch(/the arguments are nested deeper than 128 levels/);
    // What is recorded of them stops at the limit.
    expect(JSON.stringify(args?.tool_invocations[0]?.args)).toMatch(
      /^\{"a":1,"b":2,"x":\[{127}"\[nested deeper than 128 levels\]"\]{127}\}$/,
    );

    // A result: the call nested 100,000 levels deep and the one nested 200 levels are tool errors.
    const result = byName.get('result');
    expect(result?.tool_invocations.map((call) => call.error)).toEqual([
      "the tool's result is nested deeper than 128 levels (the most a value may be): return a flatter value",
      "the tool's result is nested deeper than 128 levels (the most a value may be): return a flatter value",
    ]);

    // A grader's details: that metric errors, naming the grader.
    const details = byName.get('details');
    expect(details?.status).toBe('error');
    const metric = details?.metric_results.find((m) => m.metric_name === 'deep_details');
    expect(metric?.error).toBe(
      'grader grader.mjs:deepDetails returned a result nested deeper than 128 levels (the most a value may be)',
    );
    expect(record).toContain('"test_name":"details"');
  });

  it('cut what a module agent reports past 128 levels, and the case is judged on the rest', async () => {
    const dir = await writeProject({
      'agent.mjs': `export function create() {
  return {
    send() {
      let args = {};
      for (let i = 0; i < ${DEEP}; i += 1) args = { inner: args };
      return { response: '3', tool_invocations: [{ name: 'add', args, result: 3 }] };
    },
  };
}
`,
      'agent.yaml': `name: deep-module
backend: { module: "agent.mjs:create" }
evaluations:
  metrics: [{ type: standard, metric: equality }]
test_cases:
  - name: reports
    input: q
    ground_truth: "3"
    expected_tools: [add]
`,
    });
    const run = await runCli(['test', 'agent.yaml', '--output', 'report.json'], { cwd: dir });
    expect(run.stderr).not.toMatch(/stopped unexpectedly|call stack/);
    expect(run.code).toBe(0);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as RunReport;
    const args = JSON.stringify(report.results[0]?.tool_invocations[0]?.args);
    expect(args).toBe(`${'{"inner":'.repeat(128)}"[nested deeper than 128 levels]"${'}'.repeat(128)}`);
  });
});
