/**
 * Answer metrics (contains, not_contains, regex, is_json, json_schema) and tool assertions (count 0,
 * forbidden_tools, expected_tools_order: strict) through the built CLI and the real OpenAI client, against
 * a scripted fake model: one conversation whose first turn passes everything and whose later turns break
 * each assertion, with the reasons in the JSON report.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunReport, TurnResult } from '../../src/core/results.js';
import { lastUserText, toolResultsSinceLastUser } from '../fakes/fake-request-view.js';
import { answer, callTools, type FakeScript } from '../fakes/fake-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { modelBlock, TOOLS_BLOCK, writeProject } from './e2e-project.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const ROW = 'net cash from operating activities';
const lookup = { name: 'lookup', args: { row: ROW, column: '2009' } };
const subtract = { name: 'subtract', args: { a: 1, b: 2 } };

/** Per question: the tools called (all at once, in this order) and the final answer. */
type ScriptedCall = { readonly name: string; readonly args: Readonly<Record<string, unknown>> };
const SCRIPT: Readonly<Record<string, { readonly calls: readonly ScriptedCall[]; readonly text: string }>> = {
  first: { calls: [lookup, subtract], text: '```json\n{ "year": 2009, "cash": 206588 }\n```' },
  second: { calls: [subtract, lookup], text: 'Sorry: {"year": "2008"}' },
  third: { calls: [], text: '{"year": "2008"}' },
};

const script: FakeScript = (request) => {
  const step = SCRIPT[lastUserText(request)];
  if (step === undefined) return answer('unknown question');
  if (step.calls.length > 0 && toolResultsSinceLastUser(request).length === 0) return callTools(...step.calls);
  return answer(step.text);
};

const ANSWER_METRICS = `
          - { type: standard, metric: contains, values: [cash, "2009"] }
          - { type: standard, metric: not_contains, value: SORRY, case_sensitive: false }
          - { type: standard, metric: regex, pattern: '"year":\\s*\\d{4}' }
          - { type: standard, metric: is_json }
          - { type: standard, metric: json_schema, schema_file: answer.schema.json }`;

const SCHEMA = {
  type: 'object',
  properties: { year: { type: 'number' }, cash: { type: 'number' } },
  required: ['year', 'cash'],
};

function agentYaml(url: string): string {
  return `name: assertions
${modelBlock('openai', url)}
instructions: { inline: "Answer in JSON." }
${TOOLS_BLOCK}
test_cases:
  - name: conversation
    turns:
      - input: first
        expected_tools: [lookup, subtract]
        forbidden_tools: [divide, { name: subtract, args: { a: 99 } }]
        expected_tools_order: strict
        evaluations:${ANSWER_METRICS}
      - input: second
        expected_tools: [lookup, subtract]
        forbidden_tools: [{ name: subtract, args: { a: 1 } }]
        expected_tools_order: strict
        evaluations:${ANSWER_METRICS}
      - input: third
        forbidden_tools: [lookup]
        evaluations:${ANSWER_METRICS}
`;
}

const metric = (turn: TurnResult | undefined, name: string) => turn?.metric_results.find((m) => m.metric_name === name);

describe('answer metrics and tool assertions, end to end', () => {
  it('reports passes and failures with their reasons in the JSON report', async () => {
    server = await startFakeModelServer(script);
    const dir = await writeProject({ 'agent.yaml': agentYaml(server.url) });
    await writeFile(join(dir, 'answer.schema.json'), JSON.stringify(SCHEMA));
    const output = join(dir, 'report.json');
    const run = await runCli(['test', dir, '--output', output]);
    expect(run.code).toBe(1);
    const report = JSON.parse(await readFile(output, 'utf8')) as RunReport;
    const [first, second, third] = report.results[0]?.turns ?? [];

    expect(first?.passed).toBe(true);
    expect(first?.metric_results.map((m) => [m.metric_name, m.passed, m.skipped])).toEqual([
      ['contains', true, false],
      ['not_contains', true, false],
      ['regex', true, false],
      ['is_json', true, false],
      ['json_schema', true, false],
    ]);
    expect(first?.arg_match_details.map((a) => [a.tool, a.count, a.passed, a.matched_call_index])).toEqual([
      ['lookup', 1, true, 0],
      ['subtract', 1, true, 1],
      ['divide', 0, true, -1],
      ['subtract', 0, true, -1],
    ]);

    expect(second?.passed).toBe(false);
    expect(metric(second, 'contains')?.reasoning).toBe('the answer lacks "cash", "2009"');
    expect(metric(second, 'not_contains')?.reasoning).toMatch(
      /^the answer contains "SORRY" \(ignoring case\), first at offset 0/,
    );
    expect(metric(second, 'regex')?.reasoning).toMatch(/^no match for \/.*\/ in the answer "Sorry: /);
    expect(metric(second, 'is_json')?.reasoning).toMatch(/^the answer is not JSON: /);
    expect(metric(second, 'json_schema')?.passed).toBe(false);
    const [lookupEntry, subtractEntry, forbidden] = second?.arg_match_details ?? [];
    expect(lookupEntry).toMatchObject({ tool: 'lookup', passed: true, matched_call_index: 1 });
    expect(subtractEntry).toMatchObject({
      tool: 'subtract',
      passed: false,
      reason: "out of order: expected after 'lookup' (expected_tools[0], call #1); matching calls of 'subtract': #0",
    });
    expect(forbidden).toMatchObject({
      tool: 'subtract',
      count: 0,
      args: { a: 1 },
      passed: false,
      reason: 'no call may match, but 1 call matched: #0 subtract(a=1, b=2)',
    });

    expect(third?.passed).toBe(false);
    expect(metric(third, 'is_json')?.passed).toBe(true);
    expect(metric(third, 'regex')?.reasoning).toBe(
      'no match for /"year":\\s*\\d{4}/ in the answer "{\\"year\\": \\"2008\\"}"',
    );
    expect(metric(third, 'json_schema')?.reasoning).toBe(
      "the answer breaks the JSON Schema (2 violations): (root) must have required property 'cash'; /year must be number",
    );
    expect(third?.arg_match_details).toEqual([
      { tool: 'lookup', args: null, count: 0, passed: true, matched_call_index: -1, matching_calls: 0, reason: null },
    ]);
    expect(third?.expected_tools).toEqual([{ name: 'lookup', args: null, count: 0 }]);
  });

  it('runs function tools from an installed package, named by its specifier', async () => {
    server = await startFakeModelServer(script);
    const tools = `tools:
  - { name: lookup, type: function, file: jkhy-tools, function: lookup, parameters: { type: object } }
  - { name: subtract, type: function, file: jkhy-tools, function: subtract }
`;
    const dir = await writeProject({
      'agent.yaml': `name: package-tools\n${modelBlock('openai', server.url)}\n${tools}test_cases:
  - name: conversation
    turns:
      - { input: first, expected_tools: [lookup, subtract] }
`,
      'node_modules/jkhy-tools/package.json': '{ "name": "jkhy-tools", "type": "module", "exports": "./index.mjs" }',
      'node_modules/jkhy-tools/index.mjs': `export function lookup({ column }) { return column === '2009' ? 206588 : null; }
export const subtract = {
  description: 'a - b',
  parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } },
  execute: ({ a, b }) => a - b,
};
`,
    });
    const output = join(dir, 'report.json');
    const run = await runCli(['test', dir, '--output', output]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(await readFile(output, 'utf8')) as RunReport;
    const turn = report.results[0]?.turns?.[0];
    expect(turn?.tool_invocations.map((call) => [call.name, call.result, call.error])).toEqual([
      ['lookup', 206588, null],
      ['subtract', -1, null],
    ]);
  });
});
