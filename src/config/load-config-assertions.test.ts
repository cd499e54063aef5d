import { describe, expect, it } from 'vitest';
import { at, expectConfig, formattedIssues, HEAD, loadYaml } from '../../test/support/config/fixtures/config-tree.js';
import type { MetricConfig, TurnConfig } from '../core/config-types.js';

async function check(testCases: string, files: Record<string, string> = {}) {
  const yaml = `${HEAD}test_cases:\n${testCases}`;
  return { yaml, lines: formattedIssues(await loadYaml(yaml, files)) };
}

async function firstTurn(testCases: string, files: Record<string, string> = {}): Promise<TurnConfig | undefined> {
  const loaded = await loadYaml(`${HEAD}test_cases:\n${testCases}`, files);
  return expectConfig(loaded).test_cases[0]?.turns[0];
}

const RE2_HINT =
  'patterns run on RE2, in linear time, which has no backreferences or lookaround: rewrite the pattern without them';

describe('tool assertions: forbidden_tools, count, expected_tools_order', () => {
  it('builds forbidden_tools as count-0 entries after the expected ones, and the order', async () => {
    const turn = await firstTurn(
      '  - name: f\n    turns:\n      - input: q\n        expected_tools: [lookup, { name: add, count: 2 }]\n' +
        '        forbidden_tools: [delete, { name: subtract, args: { a: 1 } }]\n        expected_tools_order: strict\n',
    );
    expect(turn?.expected_tools?.map((e) => [e.name, e.count, e.args === null])).toEqual([
      ['lookup', 1, true],
      ['add', 2, true],
      ['delete', 0, true],
      ['subtract', 0, false],
    ]);
    expect(turn?.expected_tools_order).toBe('strict');
  });

  it('accepts them on a flat single-turn case, and defaults the order to any', async () => {
    const turn = await firstTurn('  - name: s\n    input: q\n    forbidden_tools: [delete]\n');
    expect(turn?.expected_tools).toEqual([{ name: 'delete', name_match: 'substring', args: null, count: 0 }]);
    expect(turn?.expected_tools_order).toBe('any');
  });

  it('rejects them beside turns, a count in forbidden_tools and an unknown order', async () => {
    const { yaml, lines } = await check(
      '  - name: m\n    forbidden_tools: [x]\n    expected_tools_order: strict\n    turns:\n' +
        '      - input: q\n        expected_tools: [a]\n        forbidden_tools: [{ name: b, count: 2 }]\n' +
        '        expected_tools_order: sorted\n',
    );
    const beside = (key: string) =>
      `${at(yaml, `    ${key}:`).replace(/:\d+$/, ':5')}  test_cases[0] "m" › ${key}\n` +
      `  \`${key}\` cannot be combined with \`turns\` — move \`${key}\` into the turn it belongs to, ` +
      'or remove `turns` for a single-turn case';
    expect(lines).toEqual([
      beside('forbidden_tools'),
      beside('expected_tools_order'),
      `${at(yaml, 'count')}  test_cases[0] "m" › turns[0].forbidden_tools[0].count\n` +
        '  unknown key `count` — allowed keys: name, name_match, args',
      `${at(yaml, 'sorted')}  test_cases[0] "m" › turns[0].expected_tools_order\n  "sorted" is not one of: any, strict`,
    ]);
  });

  it('requires expected tools to order under strict', async () => {
    const { yaml, lines } = await check(
      '  - name: o\n    input: q\n    forbidden_tools: [a]\n    expected_tools_order: strict\n',
    );
    expect(lines).toEqual([
      `${at(yaml, 'strict')}  test_cases[0] "o" › expected_tools_order\n` +
        '  `expected_tools_order: strict` has no expected tools to order — list the tools in `expected_tools` ' +
        'in the order they must be called (forbidden_tools are not ordered)',
    ]);
  });

  it('refuses an expected count below 1, pointing at forbidden_tools', async () => {
    const { yaml, lines } = await check('  - name: z\n    input: q\n    expected_tools: [{ name: a, count: 0 }]\n');
    expect(lines).toEqual([
      `${at(yaml, '0 }')}  test_cases[0] "z" › expected_tools[0].count\n` +
        '  count must be a whole number >= 1, got 0 — count is the minimum number of matching calls in the turn (default 1); ' +
        'to forbid a call, list it in forbidden_tools',
    ]);
  });

  it('rejects a tool both expected and forbidden by name', async () => {
    const { yaml, lines } = await check(
      '  - name: x\n    turns:\n      - input: q\n        expected_tools: [{ name: subtract, args: { a: 1 } }]\n' +
        '        forbidden_tools: [sub, { name: subtract, args: { a: 2 } }]\n',
    );
    expect(lines).toEqual([
      `${at(yaml, 'sub,')}  test_cases[0] "x" › turns[0].forbidden_tools[0]\n` +
        '  no call may match "sub", but expected_tools[0] expects "subtract" — names match by containment, so a call ' +
        'of "subtract" would break this entry; give it `args` or `name_match: exact`, or remove one of the two',
    ]);
  });

  it('matches names exactly where an entry or execution.tool_name_match says so', async () => {
    const cases =
      '  - name: n\n    input: q\n    expected_tools: [subtract, { name: divide, name_match: exact }]\n' +
      '    forbidden_tools: [{ name: mul, name_match: substring }]\n';
    const byDefault = expectConfig(await loadYaml(`${HEAD}test_cases:\n${cases}`)).test_cases[0]?.turns[0];
    expect(byDefault?.expected_tools?.map((e) => [e.name, e.name_match])).toEqual([
      ['subtract', 'substring'],
      ['divide', 'exact'],
      ['mul', 'substring'],
    ]);
    const exact = expectConfig(await loadYaml(`${HEAD}execution: { tool_name_match: exact }\ntest_cases:\n${cases}`))
      .test_cases[0]?.turns[0];
    expect(exact?.expected_tools?.map((e) => e.name_match)).toEqual(['exact', 'exact', 'substring']);
  });

  it('gives each turn distinct_calls from execution, HOLODECK_DISTINCT_CALLS or its own setting', async () => {
    const cases =
      '  - name: m\n    turns:\n      - { input: a, expected_tools: [add] }\n' +
      '      - { input: b, expected_tools: [add], distinct_calls: false }\n' +
      '  - { name: s, input: q, expected_tools: [add], distinct_calls: true }\n';
    const flags = async (yaml: string, env: Record<string, string> = {}) =>
      expectConfig(await loadYaml(yaml, {}, env)).test_cases.map((c) => c.turns.map((t) => t.distinct_calls));
    expect(await flags(`${HEAD}test_cases:\n${cases}`)).toEqual([[false, false], [true]]);
    expect(await flags(`${HEAD}execution: { distinct_calls: true }\ntest_cases:\n${cases}`)).toEqual([
      [true, false],
      [true],
    ]);
    expect(await flags(`${HEAD}test_cases:\n${cases}`, { HOLODECK_DISTINCT_CALLS: 'true' })).toEqual([
      [true, false],
      [true],
    ]);
    const bad = await check('  - { name: s, input: q, expected_tools: [add], distinct_calls: 3 }\n');
    expect(bad.lines.join('\n')).toContain(
      `${at(bad.yaml, '3 }')}  test_cases[0] "s" › distinct_calls\n  expected true or false, got 3`,
    );
  });

  it('lets an exactly named forbidden tool stand beside a longer expected name', async () => {
    const loaded = await loadYaml(
      `${HEAD}test_cases:\n  - name: x\n    input: q\n    expected_tools: [subtract]\n` +
        '    forbidden_tools: [{ name: sub, name_match: exact }]\n',
    );
    expect(expectConfig(loaded).test_cases[0]?.turns[0]?.expected_tools?.map((e) => e.name)).toEqual([
      'subtract',
      'sub',
    ]);
  });

  it('refuses argument regexes RE2 cannot run, with the reason and a hint', async () => {
    const { yaml, lines } = await check(
      '  - name: r\n    input: q\n    expected_tools: [{ name: t, args: { y: { regex: "(\\\\d+)-\\\\1" } } }]\n',
    );
    expect(lines).toEqual([
      `${at(yaml, '"(\\\\d')}  test_cases[0] "r" › expected_tools[0].args.y.regex\n` +
        `  invalid regular expression "(\\\\d+)-\\\\1": backreference \\1 is not supported — ${RE2_HINT}, or use { fuzzy: ... }`,
    ]);
  });
});

describe('answer metrics', () => {
  const evaluations = (list: string) => `  - name: e\n    input: q\n    evaluations:\n${list}`;

  it('builds contains, not_contains, regex, is_json and json_schema with their defaults', async () => {
    const turnCase = await loadYaml(
      `${HEAD}test_cases:\n${evaluations(
        '      - { type: standard, metric: contains, value: cash }\n' +
          '      - { type: standard, metric: not_contains, values: [sorry, error], case_sensitive: false }\n' +
          '      - { type: standard, metric: regex, pattern: "\\\\d{4}", case_sensitive: false }\n' +
          '      - { type: standard, metric: is_json }\n' +
          '      - { type: standard, metric: json_schema, schema: { type: object, required: [a] } }\n' +
          '      - { type: standard, metric: json_schema, name: from_file, schema_file: schemas/a.json }\n',
      )}`,
      { 'schemas/a.json': '{ "type": "array" }' },
    );
    const metrics: readonly MetricConfig[] = expectConfig(turnCase).test_cases[0]?.evaluations ?? [];
    expect(metrics.map((m) => (m.type === 'standard' ? m.metric : m.type))).toEqual([
      'contains',
      'not_contains',
      'regex',
      'is_json',
      'json_schema',
      'json_schema',
    ]);
    expect(metrics[0]).toMatchObject({ values: ['cash'], case_sensitive: true });
    expect(metrics[1]).toMatchObject({ values: ['sorry', 'error'], case_sensitive: false });
    const regex = metrics[2];
    expect(regex?.type === 'standard' && regex.metric === 'regex' && regex.regex.search('in 2009')).toBe(true);
    const fromFile = metrics[5];
    expect(fromFile?.type === 'standard' && fromFile.metric === 'json_schema' && fromFile.validate([1])).toEqual([]);
    expect(fromFile).toMatchObject({
      schema: { type: 'array' },
      schema_file: expect.stringMatching(/schemas\/a\.json$/),
    });
  });

  it('locates a bad pattern, a missing or doubled value, a missing schema', async () => {
    const { yaml, lines } = await check(
      evaluations(
        '      - { type: standard, metric: regex, pattern: "a(?=b)" }\n' +
          '      - { type: standard, metric: contains, name: c1 }\n' +
          '      - { type: standard, metric: not_contains, name: c2, value: x, values: [y] }\n' +
          '      - { type: standard, metric: json_schema, name: j4 }\n',
      ),
    );
    expect(lines).toEqual([
      `${at(yaml, '"a(?=b)"')}  test_cases[0] "e" › evaluations[0].pattern\n` +
        `  invalid regular expression "a(?=b)": lookahead (?= or (?! is not supported — ${RE2_HINT}`,
      `${at(yaml, '{ type', 2)}  test_cases[0] "e" › evaluations[1].value\n` +
        '  metric contains needs `value` or `values` — write value: "text" or values: ["a", "b"]',
      `${at(yaml, 'values')}  test_cases[0] "e" › evaluations[2].values\n` +
        '  give either `value` or `values`, not both — write value: "text" or values: ["a", "b"]',
      `${at(yaml, '{ type', 4)}  test_cases[0] "e" › evaluations[3].schema\n` +
        '  metric json_schema needs `schema` or `schema_file` — write schema: { type: object, ... } or ' +
        'schema_file: schemas/answer.json',
    ]);
  });

  it('locates schemas that do not compile and schema files that cannot be read', async () => {
    const { yaml, lines } = await check(
      evaluations(
        '      - { type: standard, metric: json_schema, name: j1, schema: { type: objekt } }\n' +
          '      - { type: standard, metric: json_schema, name: j2, schema_file: none.json }\n' +
          '      - { type: standard, metric: json_schema, name: j3, schema_file: bad.json }\n' +
          '      - { type: standard, metric: json_schema, name: j4, schema_file: /nonexistent/none.json }\n',
      ),
      { 'bad.json': '{ "type": ' },
    );
    expect(lines).toEqual([
      `${at(yaml, '{ type: objekt }')}  test_cases[0] "e" › evaluations[0].schema\n` +
        '  invalid JSON Schema: schema is invalid: data/type must be equal to one of the allowed values, ' +
        'data/type must be array, data/type must match a schema in anyOf — ' +
        'fix the schema; its draft follows `$schema` (2020-12, 2019-09, else draft-07)',
      expect.stringMatching(
        /^agent\.yaml:\d+:\d+ {2}test_cases\[0\] "e" › evaluations\[1\]\.schema_file\n {2}JSON Schema file not found: .*none\.json — schema_file is relative to the folder of the config file$/,
      ),
      expect.stringMatching(/evaluations\[2\]\.schema_file\n {2}cannot read JSON Schema .*bad\.json: .*JSON/),
      // An absolute path was looked for where it says: no hint about the config's folder.
      expect.stringMatching(
        /evaluations\[3\]\.schema_file\n {2}JSON Schema file not found: \/nonexistent\/none\.json$/,
      ),
    ]);
  });
});
