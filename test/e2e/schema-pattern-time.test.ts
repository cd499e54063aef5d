/**
 * A JSON Schema `pattern` runs on RE2, through the built CLI: a tool whose parameter has a backtracking pattern
 * refuses the model's hostile argument at once (the call is recorded with the refusal), and a `json_schema`
 * metric with the same pattern fails the hostile answer; the run ends, exit 1, in the threads of `--workers` too.
 * A pattern RE2 cannot run is refused by `validate`, located at it (exit 2).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { toolResultsSinceLastUser } from '../fakes/fake-request-view.js';
import { answer, callTools, type FakeScript } from '../fakes/fake-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { modelBlock, writeProject } from './e2e-project.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const HOSTILE = `${'a'.repeat(40)}!`;
const TOOLS = "export const pat = ({ cell }) => 'got ' + cell;\n";

const script: FakeScript = (request) =>
  toolResultsSinceLastUser(request).length > 0
    ? answer(JSON.stringify({ x: HOSTILE }))
    : callTools({ name: 'pat', args: { cell: HOSTILE } });

function agentYaml(url: string, pattern: string): string {
  return `name: schema-patterns
${modelBlock('openai', url)}
instructions: { inline: "Use the tool." }
execution: { llm_timeout: 20 }
tools:
  - name: pat
    type: function
    file: tools.mjs
    description: a cell
    parameters:
      type: object
      properties:
        cell: { type: string, pattern: ${JSON.stringify(pattern)} }
test_cases:
  - name: hostile
    input: go
    expected_tools: [pat]
    evaluations:
      - type: standard
        metric: json_schema
        schema: { type: object, properties: { x: { type: string, pattern: ${JSON.stringify(pattern)} } } }
`;
}

describe('JSON Schema patterns against hostile values, end to end', () => {
  it.each([[[]], [['--workers', '2']]])('refuses the argument and fails the answer at once (%j)', async (extra) => {
    server = await startFakeModelServer(script);
    const dir = await writeProject({ 'tools.mjs': TOOLS, 'agent.yaml': agentYaml(server.url, '^(a+)+$') });
    const run = await runCli(['test', 'agent.yaml', '--output', 'report.json', ...extra], {
      cwd: dir,
      timeoutMs: 30_000,
    });
    expect(run.code, run.stderr).toBe(1);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as RunReport;
    const result = report.results[0];
    expect(result?.status).toBe('failed');
    expect(result?.tool_invocations[0]?.error).toBe(
      'invalid arguments for tool pat: cell: must match pattern "^(a+)+$"',
    );
    const metric = result?.metric_results.find((m) => m.metric_name === 'json_schema');
    expect(metric?.passed).toBe(false);
    expect(metric?.reasoning).toContain('must match pattern "^(a+)+$"');
  });

  it('refuses at validate a pattern RE2 cannot run, located in the tool and in the metric', async () => {
    const dir = await writeProject({ 'tools.mjs': TOOLS, 'agent.yaml': agentYaml('http://127.0.0.1:9', 'a(?=b)') });
    const run = await runCli(['validate', 'agent.yaml'], { cwd: dir, timeoutMs: 30_000 });
    expect(run.code).toBe(2);
    const out = run.stdout + run.stderr;
    expect(out).toMatch(/agent\.yaml:18:\d+ +tools\[0\]\.parameters\.properties\.cell\.pattern/);
    expect(out).toMatch(
      /agent\.yaml:26:\d+ +test_cases\[0\] "hostile" › evaluations\[0\]\.schema\.properties\.x\.pattern/,
    );
    expect(out).toContain('invalid regular expression "a(?=b)": lookahead (?= or (?! is not supported');
  });
});
