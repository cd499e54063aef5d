/**
 * Configuration mistakes end the run with exit 2 before any request reaches the model (SC-005), and
 * `holodeck validate` reports every mistake at once, located.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConvFinQaScript } from '../fakes/convfinqa-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { SCRIPTED_AGENT } from './cli-project.js';
import { GRADERS_MODULE, JKHY_TURNS, modelBlock, TOOLS_BLOCK, writeProject } from './e2e-project.js';

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer(createConvFinQaScript());
});
afterAll(() => server.close());

function agentYaml(testCases: string, metrics = '    - { type: standard, metric: numeric }'): string {
  return `name: mistakes
${modelBlock('openai', server.url)}
${TOOLS_BLOCK}
evaluations:
  metrics:
${metrics}
test_cases:
${testCases}
`;
}

const MISTAKES: ReadonlyArray<readonly [string, string, RegExp]> = [
  ['empty turns', '  - name: empty\n    turns: []', /test_cases\[0\] "empty" › turns\n.*at least one turn/],
  [
    'malformed regex',
    '  - name: bad-regex\n    turns:\n      - input: hi\n        expected_tools: [{ name: lookup, args: { column: { regex: "(2009" } } }]',
    /agent\.yaml:\d+:\d+ +test_cases\[0\] "bad-regex" › turns\[0\]\.expected_tools\[0\]\.args\.column\.regex\n.*invalid regular expression "\(2009"/,
  ],
  [
    'legacy fields mixed with turns',
    '  - name: mixed\n    input: hi\n    turns: [{ input: hello }]',
    /test_cases\[0\] "mixed" › input\n/,
  ],
  ['blank input', '  - name: blank\n    turns: [{ input: "   " }]', /test_cases\[0\] "blank" › turns\[0\]\.input\n/],
  [
    'matcher with both fuzzy and regex',
    '  - name: both\n    turns:\n      - input: hi\n        expected_tools: [{ name: subtract, args: { a: { fuzzy: "1", regex: "1" } } }]',
    /turns\[0\]\.expected_tools\[0\]\.args\.a(\.regex)?\n.*exactly one of `fuzzy`, `regex` or `literal`/,
  ],
  [
    'count below 0',
    '  - name: negative\n    turns:\n      - input: hi\n        expected_tools: [{ name: subtract, count: -1 }]',
    /turns\[0\]\.expected_tools\[0\]\.count\n/,
  ],
  [
    'duplicate names',
    '  - name: twin\n    input: a\n  - name: twin\n    input: b',
    /test_cases\[1\] "twin" › name\n.*twin/,
  ],
  [
    'misspelt key',
    '  - name: typo\n    input: a\n    groundtruth: "1"',
    /test_cases\[0\] "typo" › groundtruth\n.*did you mean `ground_truth`/,
  ],
];

describe('holodeck test on a configuration mistake', () => {
  it.each(MISTAKES)('%s: exits 2, located, before any model request', async (_label, cases, expected) => {
    const dir = await writeProject({ 'agent.yaml': agentYaml(cases) });
    server.reset();
    const run = await runCli(['test', dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(expected);
    expect(server.requests).toHaveLength(0);
  });

  it('names a negative tolerance and an unresolvable grader with the test case and turn', async () => {
    const metrics = `    - { type: standard, metric: numeric, absolute_tolerance: -1 }`;
    const cases = `  - name: graded\n    turns:\n      - input: hi\n        evaluations: [{ type: code, grader: "${GRADERS_MODULE}:missingExport" }]\n      - input: there\n        evaluations: [{ type: code, grader: "./nope.ts:grade" }]`;
    const dir = await writeProject({ 'agent.yaml': agentYaml(cases, metrics) });
    server.reset();
    const run = await runCli(['test', dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/evaluations\.metrics\[0\]\.absolute_tolerance/);
    expect(run.stderr).toMatch(/test_cases\[0\] "graded" › turns\[0\]\.evaluations\[0\]\.grader\n.*missingExport/);
    expect(run.stderr).toMatch(/test_cases\[0\] "graded" › turns\[1\]\.evaluations\[0\]\.grader\n.*nope\.ts/);
    expect(server.requests).toHaveLength(0);
  });
});

describe('holodeck validate', () => {
  it('prints five different mistakes at once, each located, and exits 2', async () => {
    const yaml = `name: five
model: { provider: openai, name: gpt-4o-mini, temprature: 0 }
execution: { parallel_test_cases: 0 }
test_cases:
  - name: a
    turns: []
  - name: b
    turns:
      - input: hi
        expected_tools: [{ name: x, args: { y: { regex: "([" } } }]
  - name: c
    input: hello
    ground_truth: "1"
    evaluations: [{ type: code, grader: "./missing.ts:grade" }]
`;
    const dir = await writeProject({ 'agent.yaml': yaml });
    const run = await runCli(['validate', dir], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^5 configuration errors:/);
    const located = run.stderr.match(/^agent\.yaml:\d+:\d+ /gm) ?? [];
    expect(located.length).toBe(5);
    expect(run.stderr).toMatch(/model\.temprature\n.*did you mean `temperature`/);
    expect(run.stderr).toMatch(/execution\.parallel_test_cases/);
    expect(run.stderr).toMatch(/test_cases\[0\] "a" › turns/);
    expect(run.stderr).toMatch(/test_cases\[1\] "b" › turns\[0\]\.expected_tools\[0\]\.args\.y\.regex/);
    expect(run.stderr).toMatch(/test_cases\[2\] "c" › evaluations\[0\]\.grader/);
  });

  it('points a missing judge model at the first metric that needs one, in the file that holds it', async () => {
    const cases =
      '- name: a\n  input: hi\n  retrieval_context: [c]\n  evaluations:\n' +
      '    - { type: geval, name: tone, criteria: "polite" }\n    - { type: rag, metric_type: faithfulness }\n' +
      '- name: b\n  input: there\n  evaluations: [{ type: geval, name: brevity, criteria: "short" }]\n';
    const head = `name: judged\nbackend: { module: "${SCRIPTED_AGENT}:createScriptedAgent" }\n`;
    const dir = await writeProject({
      'agent.yaml': `${head}test_cases_file: cases.yaml\n`,
      'inline.yaml': `${head}test_cases:\n${cases.replace(/^/gm, '  ')}`,
      'cases.yaml': cases,
    });
    const message =
      'metrics "tone", "faithfulness" and "brevity" need an LLM judge model, and none is configured — ' +
      'add evaluations: { model: { provider, name } } (or a model: for the agent, which then judges too)';
    const fromFile = await runCli(['validate', 'agent.yaml'], { cwd: dir });
    expect(fromFile.code).toBe(2);
    expect(fromFile.stderr).toContain(`cases.yaml:5:7  test_cases[0] "a" › evaluations[0]\n  ${message}`);
    const inline = await runCli(['validate', 'inline.yaml'], { cwd: dir });
    expect(inline.code).toBe(2);
    expect(inline.stderr).toContain(`inline.yaml:8:9  test_cases[0] "a" › evaluations[0]\n  ${message}`);
  });

  it('warns of an expected tool that none of the function tools can match, as test does', async () => {
    const yaml = `name: typo\nbackend: { module: "${SCRIPTED_AGENT}:createScriptedAgent" }\n${TOOLS_BLOCK}\ntest_cases:\n  - name: a\n    input: q\n    ground_truth: q\n    expected_tools: [substract]\n`;
    const dir = await writeProject({ 'agent.yaml': yaml });
    const run = await runCli(['validate', 'agent.yaml'], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/warning: expected tool "substract" matches none of the agent's tools.*subtract/);
  });

  it('locates a byte that is not UTF-8 (a file saved as Latin-1) instead of reading it as another character', async () => {
    const dir = await writeProject({ 'agent.yaml': '' });
    const yaml = `name: latin\nmodel: { provider: ollama, name: m }\ntest_cases: [{ name: a, input: "caf\u00e9" }]\n`;
    await writeFile(join(dir, 'agent.yaml'), Buffer.from(yaml, 'latin1'));
    for (const command of ['validate', 'test']) {
      const run = await runCli([command, dir], { cwd: dir });
      expect(run.code, command).toBe(2);
      expect(run.stderr, command).toContain('agent.yaml:3:36\n  byte 0xE9 is not UTF-8 — save the file as UTF-8 text');
    }
  });

  it('names the file and line of a syntax error in an ES module, or in the JavaScript it imports', async () => {
    const dir = await writeProject({
      'agent.yaml': `name: broken-modules
backend: { module: "agent.mjs:createAgent" }
tools:
  - { name: add, type: function, file: tools.mjs, function: add }
test_cases: [{ name: a, input: hi }]
`,
      'format.mjs': 'export function format(x) {\n  return x +;\n}\n',
      'helpers.mjs': "export * from './format.mjs';\nexport const ok = 1;\n",
      'agent.mjs': "import { ok } from './helpers.mjs';\nexport const createAgent = () => ok;\n",
      'tools.mjs': 'export const add = (a, b) => a + b;\n\nexport const b = );\n',
    });
    const run = await runCli(['validate', dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`SyntaxError: Unexpected token ';' (at ${join(dir, 'format.mjs')}:2)`);
    expect(run.stderr).toContain(`SyntaxError: Unexpected token ')' (at ${join(dir, 'tools.mjs')}:3)`);
  });

  it('locates a syntax error in a .js ES module outside a "type": "module" package, which Node checks as CommonJS', async () => {
    const dir = await writeProject({
      'agent.yaml': `name: plain-js
model: { provider: ollama, name: m }
tools:
  - { name: add, type: function, file: tools/add.js, function: add }
test_cases: [{ name: a, input: hi }]
`,
      'tools/add.js': "import { round } from './round.js';\nexport const add = ({ a, b }) => round(a + b);\n",
      'tools/round.js': 'export function round(x) {\n  return Math.round(x);\n}\n\nexport const digits = ;\n',
    });
    const run = await runCli(['validate', dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`SyntaxError: Unexpected token ';' (at ${join(dir, 'tools', 'round.js')}:5)`);
  });

  it('refuses ground truths the numeric metric of their turn cannot read, located, before any model call', async () => {
    const cases = `  - name: percent
    turns:
      - { input: q1, ground_truth: "14.1" }
      - { input: q2, ground_truth: "12.5%" }
  - { name: words, input: q, ground_truth: twelve }
  - { name: not-numeric, input: q, ground_truth: twelve, evaluations: [{ type: standard, metric: equality }] }`;
    const dir = await writeProject({ 'agent.yaml': agentYaml(cases) });
    for (const command of ['validate', 'test']) {
      server.reset();
      const run = await runCli([command, dir]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('2 configuration errors:');
      expect(run.stderr).toMatch(
        /agent\.yaml:27:36 {2}test_cases\[0\] "percent" › turns\[1\]\.ground_truth\n {2}the ground truth's number "12\.5%" is a percentage \(set accept_percent: true to accept it\)\n/,
      );
      expect(run.stderr).toMatch(
        /agent\.yaml:28:44 {2}test_cases\[1\] "words" › ground_truth\n {2}the ground truth "twelve" is not a number/,
      );
      expect(run.stderr).not.toContain('not-numeric');
      expect(server.requests).toHaveLength(0);
    }
  });

  it('lists the first 50 unreadable ground truths and counts the rest', async () => {
    const cases = Array.from({ length: 53 }, (_, i) => `  - { name: c${i}, input: q, ground_truth: twelve }`).join(
      '\n',
    );
    const dir = await writeProject({ 'agent.yaml': agentYaml(cases) });
    const run = await runCli(['validate', dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('51 configuration errors:');
    expect(run.stderr.match(/is not a number/g)).toHaveLength(50);
    expect(run.stderr).toContain('… and 3 more ground truths the metrics cannot compare, as above');
  });

  it('accepts a valid configuration and says what it holds', async () => {
    const dir = await writeProject({
      'agent.yaml': agentYaml(`  - name: JKHY-2009\n${JKHY_TURNS.replace(/^ {4}/gm, '    ')}`),
    });
    const run = await runCli(['validate', dir]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/is valid: agent "mistakes", 1 test case, 4 turns, 3 tools, backend ai_sdk/);
    // A name holding escape sequences or a bidirectional override is spelled out, not played on the terminal.
    const yaml = agentYaml(`  - name: JKHY-2009\n${JKHY_TURNS.replace(/^ {4}/gm, '    ')}`);
    const hostile = await writeProject({
      'agent.yaml': yaml.replace('name: mistakes', 'name: "m\\e]52;c;cHduZWQ=\\a\\u202Eevil"'),
    });
    const named = await runCli(['validate', hostile]);
    expect(named.code).toBe(0);
    expect(named.stdout).toContain('agent "m\\x1b]52;c;cHduZWQ=\\x07\\u202eevil"');
  });

  it('refuses in validate what test would refuse before the run: settings, environment, files', async () => {
    const module = 'backend: { module: "agent.mjs:create" }';
    const project = (yaml: string) =>
      writeProject({
        'agent.mjs': 'export function create() {\n  return { send: (turn) => turn.input };\n}\n',
        'note.txt': 'a note',
        'agent.yaml': `name: refused\n${module}\ninstructions: { inline: hi }\n${yaml}`,
      });
    const cases = 'test_cases: [{ name: alpha, input: q }]\n';
    const expectations: ReadonlyArray<readonly [string, Record<string, string>, string]> = [
      [`execution: { cache: true }\n${cases}`, {}, 'execution.cache: true is not supported with backend module'],
      [
        `execution: { filter: zzz }\n${cases}`,
        {},
        'no test case name matches execution.filter / HOLODECK_FILTER "zzz"',
      ],
      [cases, { HOLODECK_WORKERS: '0' }, 'HOLODECK_WORKERS must be a positive whole number'],
      [
        'test_cases: [{ name: alpha, input: q, files: [{ path: note.txt, type: image }] }]\n',
        {},
        'unsupported image format .txt for',
      ],
    ];
    for (const [yaml, env, said] of expectations) {
      const dir = await project(yaml);
      for (const command of ['validate', 'test']) {
        const run = await runCli([command, dir], { env });
        expect(run.code, `${command}: ${yaml}`).toBe(2);
        expect(run.stderr, `${command}: ${yaml}`).toContain(said);
      }
    }
    // validate says them all at once, each setting of agent.yaml at its key.
    const all = await project('execution: { filter: zzz, cache: true }\ntest_cases: [{ name: alpha, input: q }]\n');
    const run = await runCli(['validate', all], { env: { HOLODECK_WORKERS: '0' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^3 configuration errors:\n/);
    expect(run.stderr).toContain('agent.yaml:4:22  execution.filter\n  no test case name matches execution.filter');
    expect(run.stderr).toContain('agent.yaml:4:34  execution.cache\n  execution.cache: true is not supported');
    expect(run.stderr).toContain('\n\nHOLODECK_WORKERS must be a positive whole number');
  });
});
