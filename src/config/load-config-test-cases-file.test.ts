// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} references are part of the files under test
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  at,
  expectConfig,
  expectIssues,
  formattedIssues,
  HEAD,
  loadYaml,
} from '../../test/support/config/fixtures/config-tree.js';

const AGENT = (file: string) => `${HEAD}test_cases_file: ${file}\n`;

describe('test_cases_file', () => {
  it('loads a YAML list of test cases, files relative to the config folder', async () => {
    const cases =
      '- name: a\n  input: q\n  files: [{ path: docs/r.md }]\n- name: b\n  turns: [{ input: q1 }, { input: q2 }]\n';
    const loaded = await loadYaml(AGENT('data/cases.yaml'), { 'data/cases.yaml': cases, 'docs/r.md': '# r' });
    const config = expectConfig(loaded);
    expect(config.test_cases.map((testCase) => [testCase.name, testCase.kind, testCase.turns.length])).toEqual([
      ['a', 'single', 1],
      ['b', 'multi', 2],
    ]);
    expect(config.test_cases[0]?.turns[0]?.files[0]?.path).toBe(join(loaded.dir, 'docs/r.md'));
  });

  it('loads JSON, as a list or as { test_cases: [...] }, with ${VAR} substitution', async () => {
    const list = JSON.stringify([{ name: 'a', input: 'about ${TOPIC}' }]);
    const wrapped = JSON.stringify({ test_cases: [{ name: 'b', turns: [{ input: 'q', ground_truth: 25587 }] }] });
    const env = { TOPIC: 'cash' };
    const fromList = expectConfig(await loadYaml(AGENT('cases.json'), { 'cases.json': list }, env));
    expect(fromList.test_cases[0]?.turns[0]?.input).toBe('about cash');
    const fromObject = expectConfig(await loadYaml(AGENT('cases.json'), { 'cases.json': wrapped }, env));
    expect(fromObject.test_cases[0]?.turns[0]?.ground_truth).toBe('25587');
  });

  it('substitutes a ${VAR} whose `$` is written as an escape (JSON \\u0024, YAML \\x24 and \\U00000024)', async () => {
    const env = { TOPIC: 'cash' };
    const json = '[{ "name": "a", "input": "about \\u0024{TOPIC}", "ground_truth": "\\u0024{MISSING:-none}" }]';
    const fromJson = expectConfig(await loadYaml(AGENT('cases.json'), { 'cases.json': json }, env));
    expect(fromJson.test_cases[0]?.turns[0]).toMatchObject({ input: 'about cash', ground_truth: 'none' });
    const yaml = '- name: a\n  input: "about \\x24{TOPIC}"\n  ground_truth: "\\U00000024{TOPIC}"\n';
    const fromYaml = expectConfig(await loadYaml(AGENT('cases.yaml'), { 'cases.yaml': yaml }, env));
    expect(fromYaml.test_cases[0]?.turns[0]).toMatchObject({ input: 'about cash', ground_truth: 'cash' });
    const missing = await loadYaml(AGENT('cases.json'), {
      'cases.json': '[{ "name": "a", "input": "\\u0024{NOPE}" }]',
    });
    expect(formattedIssues(missing).join('\n')).toContain('environment variable `NOPE` is not set');
  });

  it('locates issues in that file and names the test case', async () => {
    const json = JSON.stringify(
      {
        test_cases: [
          { name: 'ok', input: 'q' },
          { name: 'JKHY-2009', turns: [{ input: 'q', expected_tools: [{ name: 's', count: -1 }] }] },
        ],
      },
      null,
      2,
    );
    const yaml = '- name: a\n  input: q\n- name: a\n  input: q\n  ground_truht: x\n';
    const fromJson = formattedIssues(await loadYaml(AGENT('data/cases.json'), { 'data/cases.json': json }));
    expect(fromJson).toEqual([
      `${at(json, '-1\n', 1, 'data/cases.json')}  test_cases[1] "JKHY-2009" › turns[0].expected_tools[0].count\n` +
        '  count must be a whole number >= 1, got -1 — count is the minimum number of matching calls in the turn ' +
        '(default 1); to forbid a call, list it in forbidden_tools',
    ]);
    const fromYaml = formattedIssues(await loadYaml(AGENT('cases.yaml'), { 'cases.yaml': yaml }));
    expect(fromYaml).toEqual([
      `${at(yaml, 'a\n', 2, 'cases.yaml')}  test_cases[1] "a" › name\n` +
        '  duplicate test case name "a" — test_cases[0] has the same name; test case names must be unique',
      `${at(yaml, 'ground_truht', 1, 'cases.yaml')}  test_cases[1] "a" › ground_truht\n  unknown key \`ground_truht\` — did you mean \`ground_truth\`?`,
    ]);
  });

  it('reports a missing file at the key in agent.yaml', async () => {
    const loaded = await loadYaml(AGENT('data/none.json'));
    expect(formattedIssues(loaded)).toEqual([
      `agent.yaml:3:18  test_cases_file\n  test cases file not found: ${join(loaded.dir, 'data/none.json')} — ` +
        'the path is relative to the folder of the config file',
    ]);
  });

  it('says a path is relative to the config folder only for a relative path that was not found', async () => {
    const absent = join(tmpdir(), 'holodeck-absent', 'cases.yaml');
    const missing = await loadYaml(AGENT(absent));
    expect(formattedIssues(missing)).toEqual([
      `agent.yaml:3:18  test_cases_file\n  test cases file not found: ${absent}`,
    ]);
    const device = await loadYaml(AGENT('/dev/null'));
    expect(formattedIssues(device)).toEqual([
      'agent.yaml:3:18  test_cases_file\n  cannot read /dev/null: it is a device, not a regular file ' +
        '(configuration is read from regular files only)',
    ]);
    const folder = await loadYaml(AGENT('data'), { 'data/cases.yaml': '- { name: a, input: q }\n' });
    expect(formattedIssues(folder)).toEqual([
      `agent.yaml:3:18  test_cases_file\n  cannot read ${join(folder.dir, 'data')}: it is a folder, not a regular ` +
        'file (configuration is read from regular files only)',
    ]);
  });

  it('reports syntax errors of the file in that file', async () => {
    const json = '[\n  { "name": "a", "input": "q" },\n  { "name": "b" "input": "q" }\n]\n';
    const issues = expectIssues(await loadYaml(AGENT('cases.json'), { 'cases.json': json }));
    expect(issues).toHaveLength(1);
    expect(issues[0]?.location).toMatchObject({ line: 3, column: 17 });
    expect(issues[0]?.location?.file.endsWith('cases.json')).toBe(true);
    expect(issues[0]?.message).toMatch(/^JSON syntax error: /);
  });

  it('rejects a file that holds no list of test cases, and unknown keys beside test_cases', async () => {
    const notList = formattedIssues(await loadYaml(AGENT('c.yaml'), { 'c.yaml': 'name: x\n' }));
    expect(notList).toEqual([
      'c.yaml:1:1  test_cases_file\n  unknown key `name` in the test cases file — the file holds only `test_cases:`',
      'c.yaml:1:1  test_cases_file\n  a test cases file holds a list of test cases, or a mapping with `test_cases:` (got a mapping)',
    ]);
    const csv = formattedIssues(await loadYaml(AGENT('c.csv'), { 'c.csv': 'name,input\na,q\n' }));
    expect(csv).toEqual([
      expect.stringMatching(
        /^agent\.yaml:\d+:\d+ +test_cases_file\n +.*c\.csv: a \.csv file is not read as a test cases file — write the test cases as a YAML or JSON list/,
      ),
    ]);
    const jsonl = formattedIssues(
      await loadYaml(AGENT('c.jsonl'), { 'c.jsonl': '{"name": "a", "input": "q"}\n{"name": "b", "input": "r"}\n' }),
    );
    expect(jsonl).toEqual([expect.stringContaining('c.jsonl: a .jsonl file (one JSON object per line) is not read')]);
    const extra = formattedIssues(
      await loadYaml(AGENT('c.yaml'), { 'c.yaml': 'tests_cases: []\ntest_cases: [{ name: a, input: q }]\n' }),
    );
    expect(extra).toEqual([
      'c.yaml:1:1  test_cases_file\n  unknown key `tests_cases` in the test cases file — did you mean `test_cases`?',
    ]);
    // What other tools call the list is pointed at test_cases too.
    const tests = formattedIssues(await loadYaml(AGENT('c.yaml'), { 'c.yaml': 'tests: [{ name: a, input: q }]\n' }));
    expect(tests[0]).toBe(
      'c.yaml:1:1  test_cases_file\n  unknown key `tests` in the test cases file — did you mean `test_cases`? the file holds only `test_cases:`',
    );
  });

  it('loads a large JSON file (3 MB of multi-turn cases)', async () => {
    const document = 'x'.repeat(4000);
    const cases = Array.from({ length: 600 }, (_, i) => ({
      name: `case-${i}`,
      turns: Array.from({ length: 4 }, (_, t) => ({
        input: t === 0 ? `${document}\nwhat is the value in ${2000 + t}?` : `and in ${2000 + t}?`,
        ground_truth: 1000 + t,
        expected_tools: [
          'lookup',
          { name: 'subtract', args: { a: { fuzzy: '206,588' }, b: { regex: '^181001(\\.0+)?$' } } },
        ],
        turn_config: { turn_program: `subtract(${t}, 1)` },
      })),
    }));
    const json = JSON.stringify({ test_cases: cases }, null, 2);
    expect(json.length).toBeGreaterThan(3_000_000);
    const config = expectConfig(await loadYaml(AGENT('big.json'), { 'big.json': json }));
    expect(config.test_cases).toHaveLength(600);
    expect(config.test_cases[599]?.turns[3]?.expected_tools?.[1]?.args?.['b']?.kind).toBe('regex');
  });
});
