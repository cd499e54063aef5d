/**
 * A value from user code may share parts: 60 levels of two references to one object take a few kilobytes in
 * memory and stand for 2^60 paths, which JSON writes out in full. A tool's result, a grader's details or a
 * module agent's report shaped so held the run writing its reports (or filled the memory); now each is measured
 * as the text it would become, refused past 32 MB with the cause, and the run goes on to its verdict.
 */
import { readFile } from 'node:fs/promises';
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

const GRAPH = `function sharedGraph() {
  let node = { value: 1 };
  for (let level = 0; level < 60; level += 1) node = { left: node, right: node };
  return node;
}`;

const script: FakeScript = (request) => {
  if (toolResultsSinceLastUser(request).length > 0) return answer('3');
  return lastUserText(request) === 'tool' ? callTools({ name: 'graph', args: {} }) : answer('3');
};

async function report(dir: string): Promise<RunReport> {
  return JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as RunReport;
}

describe('values that share parts along more paths than JSON can write', () => {
  it("fail a tool's call and a grader's metric with the cause, and the run reaches its verdict", async () => {
    server = await startFakeModelServer(script);
    const dir = await writeProject({
      'tools.mjs': `${GRAPH}\nexport function graph() {\n  return sharedGraph();\n}\n`,
      'grader.mjs': `${GRAPH}\nexport function graded() {\n  return { score: 1, details: sharedGraph() };\n}\n`,
      'agent.yaml': `name: shared
${modelBlock('openai', server.url)}
tools:
  - { name: graph, type: function, file: tools.mjs, function: graph, parameters: { type: object, properties: {} } }
evaluations:
  metrics: [{ type: standard, metric: equality }]
test_cases:
  - { name: tool, input: tool, ground_truth: "3" }
  - name: grader
    input: grader
    ground_truth: "3"
    evaluations: [{ type: code, grader: "grader.mjs:graded", name: shared_details }]
`,
    });
    const run = await runCli(['test', 'agent.yaml', '--output', 'report.json'], { cwd: dir });
    expect(run.stderr).not.toMatch(/stopped unexpectedly|Invalid string length|heap/);
    expect(run.code).toBe(1);
    const byName = new Map((await report(dir)).results.map((result) => [result.test_name, result]));
    expect(byName.get('tool')?.tool_invocations[0]?.error).toMatch(
      /^the tool's result is more than the 32\.0 MB a tool result may be as JSON/,
    );
    expect(byName.get('tool')?.status).toBe('passed');
    const grader = byName.get('grader');
    expect(grader?.status).toBe('error');
    expect(grader?.metric_results[0]?.error).toMatch(
      /^grader grader\.mjs:graded returned more than the 32\.0 MB a grader's result may be/,
    );
  });

  it("fail a module agent's turn that reports such a value, naming it", async () => {
    const dir = await writeProject({
      'agent.mjs': `${GRAPH}
export function create() {
  return {
    send() {
      return { response: '3', tool_invocations: [{ name: 'add', args: {}, result: sharedGraph() }] };
    },
  };
}
`,
      'agent.yaml': `name: shared-module
backend: { module: "agent.mjs:create" }
evaluations:
  metrics: [{ type: standard, metric: equality }]
test_cases:
  - { name: reports, input: q, ground_truth: "3" }
`,
    });
    const run = await runCli(['test', 'agent.yaml', '--output', 'report.json'], { cwd: dir });
    expect(run.stderr).not.toMatch(/stopped unexpectedly|was stopped/);
    expect(run.code).toBe(1);
    const [result] = (await report(dir)).results;
    expect(result?.status).toBe('error');
    expect(result?.errors[0]).toMatch(/returned tool_invocations of more than 32\.0 MB as JSON/);
  });
});
