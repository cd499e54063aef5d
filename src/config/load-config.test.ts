import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectConfig, fixture, formattedIssues, loadYaml } from '../../test/support/config/fixtures/config-tree.js';
import { loadConfig } from './load-config.js';

const FULL = `
name: financial-assistant
description: answers questions about filings
model:
  provider: openai_compatible
  name: local-model
  endpoint: http://127.0.0.1:8000/v1
  api_key: \${API_KEY}
  temperature: 0
  max_tokens: 1000
instructions: { file: instructions.md }
tools:
  - { name: subtract, type: function, file: ${fixture('tools/finance.ts')}, parameters: { type: object } }
  - { name: divide, type: function, file: ${fixture('tools/finance.ts')}, description: Division. }
  - { name: archive, type: mcp, command: node, args: [server.js], env: { PORT: 8080 } }
  - { name: remote, type: mcp, url: "http://127.0.0.1:9000/mcp", headers: { Authorization: Bearer x } }
evaluations:
  model: { provider: anthropic, name: claude-sonnet-4-5 }
  metrics:
    - { type: standard, metric: numeric, absolute_tolerance: 0.01, accept_percent: true }
    - { type: standard, metric: bleu, threshold: 0.4 }
    - { type: geval, name: helpful, criteria: "Is it helpful?", evaluation_steps: [Read, Judge] }
    - { type: rag, metric_type: faithfulness, enabled: false }
    - { type: code, grader: "${fixture('graders/answer-graders.ts')}:exactAnswer", timeout_ms: 500 }
execution: { llm_timeout: 30, parallel_test_cases: 4 }
test_cases:
  - name: greeting
    input: hello
    ground_truth: 25587
    expected_tools: [greet]
    files: [{ path: docs/report.md, description: the report }]
    retrieval_context: [ctx one]
  - name: JKHY-2009
    evaluations: [{ type: standard, metric: equality, case_insensitive: true }]
    turns:
      - input: what is the net cash in 2009?
        ground_truth: "206588"
      - input: what is the difference from 2008?
        expected_tools:
          - subtract
          - name: subtract
            count: 2
            args: { a: 206588, b: { fuzzy: "181,001" }, cell: { regex: "(?i)^2009.*cash" }, row: { literal: { y: 1 } } }
        evaluations: []
        turn_config: { turn_program: "subtract(206588, 181001)" }
        files: [{ path: docs/table.csv, type: csv }]
`;

const FILES = {
  'instructions.md': 'You are a careful analyst.\n',
  'docs/report.md': '# R\n',
  'docs/table.csv': 'a,b\n',
};

describe('loadConfig: a valid configuration', () => {
  it('normalises every section', async () => {
    const loaded = await loadYaml(FULL, FILES, { API_KEY: 'sk-test' });
    const config = expectConfig(loaded);
    expect(config.name).toBe('financial-assistant');
    expect(config.description).toBe('answers questions about filings');
    expect(config.config_path).toBe(join(loaded.dir, 'agent.yaml'));
    expect(config.base_dir).toBe(loaded.dir);
    expect(config.model).toEqual({
      provider: 'openai_compatible',
      name: 'local-model',
      endpoint: 'http://127.0.0.1:8000/v1',
      api_key: 'sk-test',
      temperature: 0,
      max_tokens: 1000,
      api_version: null,
    });
    expect(config.backend).toEqual({ type: 'ai_sdk' });
    expect(config.instructions).toBe('You are a careful analyst.\n');
    expect(config.execution).toEqual({
      llm_timeout: 30,
      parallel_test_cases: 4,
      max_retries: 3,
      max_steps: 10,
      limit: null,
      filter: null,
      results_dir: null,
      cache: false,
      redact: [],
      fail_on_tool_error: false,
      repeat: 1,
      min_pass_rate: 1,
      tool_name_match: 'substring',
      distinct_calls: false,
    });
  });

  it('resolves function tools (plain function or definition) and normalises MCP servers', async () => {
    const loaded = await loadYaml(FULL, FILES, { API_KEY: 'k' });
    const [subtract, divide, archive, remote] = expectConfig(loaded).tools;
    expect(subtract).toMatchObject({ type: 'function', name: 'subtract', function: 'subtract', description: null });
    expect(subtract?.type === 'function' && subtract.file).toBe(fixture('tools/finance.ts'));
    expect(subtract?.type === 'function' && subtract.definition.parameters).toEqual({ type: 'object' });
    expect(subtract?.type === 'function' && subtract.definition.execute?.({ a: 5, b: 3 })).toBe(2);
    expect(divide?.type === 'function' && divide.definition.description).toBe('Division.');
    expect(divide?.type === 'function' && divide.definition.parameters).toMatchObject({ required: ['a', 'b'] });
    expect(archive).toEqual({
      type: 'mcp',
      name: 'archive',
      command: 'node',
      args: ['server.js'],
      env: { PORT: '8080' },
      cwd: loaded.dir,
      url: null,
      headers: {},
      include: null,
      exclude: [],
      prefix: '',
    });
    expect(remote).toMatchObject({
      command: null,
      cwd: null,
      url: 'http://127.0.0.1:9000/mcp',
      headers: { Authorization: 'Bearer x' },
    });
  });

  it('fills metric defaults and names, and imports code graders', async () => {
    const config = expectConfig(await loadYaml(FULL, FILES, { API_KEY: 'k' }));
    expect(config.evaluations.model).toMatchObject({
      provider: 'anthropic',
      name: 'claude-sonnet-4-5',
      endpoint: null,
    });
    const [numeric, bleu, geval, rag, code] = config.evaluations.metrics;
    expect(numeric).toEqual({
      type: 'standard',
      metric: 'numeric',
      name: 'numeric',
      enabled: true,
      threshold: null,
      absolute_tolerance: 0.01,
      relative_tolerance: 0,
      accept_percent: true,
      accept_thousands_separators: false,
    });
    expect(bleu).toEqual({ type: 'standard', metric: 'bleu', name: 'bleu', enabled: true, threshold: 0.4 });
    expect(geval).toMatchObject({ name: 'helpful', criteria: 'Is it helpful?', evaluation_steps: ['Read', 'Judge'] });
    expect(rag).toMatchObject({ name: 'faithfulness', metric_type: 'faithfulness', enabled: false });
    expect(code).toMatchObject({ type: 'code', name: 'exactAnswer', timeout_ms: 500, threshold: null });
    expect(code?.type === 'code' && typeof code.grader_fn).toBe('function');
  });

  it('turns a single-turn case into one turn built from its flat fields', async () => {
    const loaded = await loadYaml(FULL, FILES, { API_KEY: 'k' });
    const [greeting] = expectConfig(loaded).test_cases;
    expect(greeting).toEqual({
      name: 'greeting',
      index: 0,
      kind: 'single',
      evaluations: null,
      turns: [
        {
          index: 0,
          input: 'hello',
          ground_truth: '25587',
          expected_tools: [{ name: 'greet', name_match: 'substring', args: null, count: 1 }],
          expected_tools_order: 'any',
          distinct_calls: false,
          files: [{ path: join(loaded.dir, 'docs/report.md'), type: 'markdown', description: 'the report' }],
          retrieval_context: ['ctx one'],
          evaluations: null,
          turn_config: {},
        },
      ],
    });
  });

  it('keeps the turns of a multi-turn case, with compiled matchers', async () => {
    const loaded = await loadYaml(FULL, FILES, { API_KEY: 'k' });
    const multi = expectConfig(loaded).test_cases[1];
    expect(multi).toMatchObject({ name: 'JKHY-2009', index: 1, kind: 'multi' });
    expect(multi?.evaluations).toMatchObject([{ metric: 'equality', case_insensitive: true, strip_whitespace: false }]);
    const [first, second] = multi?.turns ?? [];
    expect(first).toMatchObject({
      index: 0,
      ground_truth: '206588',
      expected_tools: null,
      files: [],
      evaluations: null,
    });
    // `evaluations: []` is kept as written: it inherits the case's list, and is warned of before a run.
    expect(second).toMatchObject({ index: 1, ground_truth: null, evaluations: [] });
    expect(second?.turn_config).toEqual({ turn_program: 'subtract(206588, 181001)' });
    expect(second?.files).toEqual([{ path: join(loaded.dir, 'docs/table.csv'), type: 'csv', description: null }]);
    const [nameOnly, withArgs] = second?.expected_tools ?? [];
    expect(nameOnly).toEqual({ name: 'subtract', name_match: 'substring', args: null, count: 1 });
    expect(withArgs?.count).toBe(2);
    expect(withArgs?.args?.['a']).toEqual({ kind: 'literal', value: 206588 });
    expect(withArgs?.args?.['b']).toEqual({ kind: 'fuzzy', value: '181,001' });
    expect(withArgs?.args?.['row']).toEqual({ kind: 'literal', value: { y: 1 } });
    const cell = withArgs?.args?.['cell'];
    expect(cell?.kind === 'regex' && cell.pattern).toBe('(?i)^2009.*cash');
    expect(cell?.kind === 'regex' && cell.regex.fullMatch('2009 NET CASH')).toBe(true);
    expect(cell?.kind === 'regex' && cell.regex.fullMatch('in 2009 net cash')).toBe(false);
  });

  it('accepts the config file itself, or agent.yml in a folder', async () => {
    const loaded = await loadYaml(FULL, FILES, { API_KEY: 'k' });
    const direct = await loadConfig(join(loaded.dir, 'agent.yaml'), { env: { API_KEY: 'k' } });
    expect(direct.ok).toBe(true);
    const yml = await loadYaml('', {
      'sub/agent.yml': 'name: a\nmodel: { provider: ollama, name: m }\ntest_cases: [{ name: t, input: q }]\n',
    });
    expect((await loadConfig(join(yml.dir, 'sub'), { env: {} })).ok).toBe(true);
  });
});

describe('loadConfig: configuration errors', () => {
  it('reports a missing configuration file or folder', async () => {
    const loaded = await loadYaml('name: x\n');
    const missing = await loadConfig(join(loaded.dir, 'nope.yaml'), { env: {} });
    expect(missing).toMatchObject({ ok: false, issues: [{ code: 'CONFIG_NOT_FOUND', location: null }] });
    expect(!missing.ok && missing.issues[0]?.message).toBe(
      `configuration file not found: ${join(loaded.dir, 'nope.yaml')}`,
    );
    const empty = await loadConfig(join(loaded.dir, '..'), { env: {} });
    expect(!empty.ok && empty.issues[0]?.message).toMatch(/^no agent\.yaml in the folder /);
  });

  it('reports YAML syntax errors with their location', async () => {
    const loaded = await loadYaml('name: demo\nmodel:\n  provider: openai\n name: x\ntest_cases: [\n');
    const lines = formattedIssues(loaded);
    expect(lines[0]).toMatch(/^agent\.yaml:4:\d+\n {2}YAML syntax error: /);
    expect(lines.every((line) => line.startsWith('agent.yaml:'))).toBe(true);
  });

  it('reports a document that is not a mapping', async () => {
    expect(formattedIssues(await loadYaml('- a\n- b\n'))).toEqual([
      'agent.yaml:1:1\n  the configuration must be a mapping of keys (name:, model:, ...), got a list',
    ]);
  });

  it('hints that an instructions file is looked for beside the config only for a relative path', async () => {
    const yaml =
      'name: demo\nmodel: { provider: openai, name: gpt-4o-mini }\ninstructions: { file: /nonexistent/i.md }\n' +
      'test_cases: [{ name: a, input: q }]\n';
    expect(formattedIssues(await loadYaml(yaml))).toEqual([
      'agent.yaml:3:23  instructions.file\n  instructions file not found: /nonexistent/i.md',
    ]);
  });

  it('reports five different mistakes at once, each located', async () => {
    const yaml = `name: demo
modle: { provider: openai }
model: { provider: openai, name: gpt-4o-mini, temperature: -1 }
instructions: { file: missing.md }
test_cases:
  - name: JKHY-2009
    turns:
      - input: "q1"
        groundtruth: "1"
      - input: "q2"
        expected_tools:
          - { name: subtract, args: { b: { regex: "(2009" } } }
`;
    const lines = formattedIssues(await loadYaml(yaml));
    expect(lines).toEqual([
      'agent.yaml:2:1  modle\n  unknown key `modle` — did you mean `model`?',
      'agent.yaml:3:60  model.temperature\n  must be >= 0, got -1 — e.g. temperature: 0',
      expect.stringMatching(
        /^agent\.yaml:4:23 {2}instructions\.file\n {2}instructions file not found: .*missing\.md — /,
      ),
      'agent.yaml:9:9  test_cases[0] "JKHY-2009" › turns[0].groundtruth\n  unknown key `groundtruth` — did you mean `ground_truth`?',
      'agent.yaml:12:51  test_cases[0] "JKHY-2009" › turns[1].expected_tools[0].args.b.regex\n' +
        '  invalid regular expression "(2009": missing ) — fix the pattern or use { fuzzy: ... }',
    ]);
  });
});
