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

/** HEAD + the given test_cases block: the YAML (for positions) and its formatted issues. */
async function check(
  testCases: string,
  files: Record<string, string> = {},
): Promise<{ yaml: string; lines: string[] }> {
  const yaml = `${HEAD}test_cases:\n${testCases}`;
  return { yaml, lines: formattedIssues(await loadYaml(yaml, files)) };
}

const BLANK = 'input must not be blank — write the message the agent receives in this turn';

describe('test case rules', () => {
  it('rejects an empty list of test cases, which would leave nothing to run', async () => {
    const { yaml, lines } = await check('  []\n');
    expect(lines).toEqual([
      `${at(yaml, '[]')}  test_cases\n  there are no test cases — add at least one: - { name: ..., input: ... }`,
    ]);
  });

  it('rejects empty turns', async () => {
    const { yaml, lines } = await check('  - name: a\n    turns: []\n');
    expect(lines).toEqual([
      `${at(yaml, '[]')}  test_cases[0] "a" › turns\n` +
        '  `turns` is empty — add at least one turn ({ input: ... }), or use the single-turn `input:` shape',
    ]);
  });

  it('rejects every flat field next to turns, at its key', async () => {
    const keys = ['input', 'ground_truth', 'expected_tools', 'files', 'retrieval_context'];
    const { yaml, lines } = await check(
      '  - name: a\n    input: q\n    ground_truth: "1"\n    expected_tools: [x]\n    files: []\n' +
        '    retrieval_context: [doc]\n    turns: [{ input: q }]\n',
    );
    expect(lines).toEqual(
      keys.map(
        (key) =>
          `${at(yaml, `    ${key}:`).replace(/:\d+$/, ':5')}  test_cases[0] "a" › ${key}\n` +
          `  \`${key}\` cannot be combined with \`turns\` — move \`${key}\` into the turn it belongs to, ` +
          'or remove `turns` for a single-turn case',
      ),
    );
  });

  it('requires input or turns', async () => {
    const { yaml, lines } = await check('  - name: a\n    ground_truth: x\n');
    expect(lines).toEqual([
      `${at(yaml, 'name: a')}  test_cases[0] "a" › input\n  a test case needs \`input\` (one question) or \`turns\` (a conversation)`,
    ]);
  });

  it('requires a non-blank input on every turn', async () => {
    const { yaml, lines } = await check(
      '  - name: a\n    input: "  "\n  - name: b\n    turns: [{ input: "" }, { ground_truth: "1" }]\n',
    );
    expect(lines).toEqual([
      `${at(yaml, '"  "')}  test_cases[0] "a" › input\n  ${BLANK}`,
      `${at(yaml, '""')}  test_cases[1] "b" › turns[0].input\n  ${BLANK}`,
      `${at(yaml, '{ ground_truth')}  test_cases[1] "b" › turns[1].input\n  missing required key \`input\` — add it, e.g. input: "What was the net cash in 2009?"`,
    ]);
  });

  it('refuses a blank ground_truth, which every answer would skip', async () => {
    const { yaml, lines } = await check(
      '  - name: a\n    input: q\n    ground_truth: ""\n  - name: b\n    turns: [{ input: q, ground_truth: " \\t" }, { input: r, ground_truth: 0 }]\n',
    );
    const blank =
      'ground_truth must not be blank — write the expected answer, or leave ground_truth out (the metrics that need one are then skipped on this turn)';
    expect(lines).toEqual([
      `${at(yaml, '""')}  test_cases[0] "a" › ground_truth\n  ${blank}`,
      `${at(yaml, '" \\t"')}  test_cases[1] "b" › turns[0].ground_truth\n  ${blank}`,
    ]);
  });

  it('keeps a ground_truth written as a YAML number as written, every digit and zero of it', async () => {
    const yaml = `${HEAD}test_cases:\n  - { name: a, input: q, ground_truth: 12345678901234567890 }\n  - { name: b, input: q, ground_truth: 1.50 }\n`;
    const config = expectConfig(await loadYaml(yaml));
    expect(config.test_cases.map((testCase) => testCase.turns[0]?.ground_truth)).toEqual([
      '12345678901234567890',
      '1.50',
    ]);
  });

  it('refuses a ground_truth JSON number that has lost digits, and keeps one that has not', async () => {
    const cases =
      '[{"name": "a", "input": "q", "ground_truth": 12345678901234567890},\n {"name": "b", "input": "q", "ground_truth": 25587.5}]';
    const loaded = await loadYaml(`${HEAD}test_cases_file: cases.json\n`, { 'cases.json': cases });
    expect(formattedIssues(loaded)).toEqual([
      `cases.json:1:46  test_cases[0] "a" › ground_truth\n  ground_truth is a number too large to keep exactly (it has lost digits) — write it as a string, in quotes, to keep every digit`,
    ]);
  });

  it('requires unique test case names, and a name', async () => {
    const { yaml, lines } = await check('  - { name: a, input: q }\n  - { name: a, input: q }\n  - { input: q }\n');
    expect(lines).toEqual([
      `${at(yaml, 'a, input', 2)}  test_cases[1] "a" › name\n` +
        '  duplicate test case name "a" — test_cases[0] has the same name; test case names must be unique',
      `${at(yaml, '{ input')}  test_cases[2] › name\n  missing required key \`name\` — give each test case a name of its own, e.g. name: cash-2009`,
    ]);
  });

  it('checks the shape of matcher objects', async () => {
    const { yaml, lines } = await check(
      '  - name: m\n    input: q\n    expected_tools:\n      - name: t\n        args:\n' +
        '          both: { fuzzy: "1", regex: "1" }\n          broken: { regex: "(x", fuzzy: "y" }\n          typo: { fuzy: "1" }\n' +
        '          extra: { fuzzy: "1", fuzzzy: "2" }\n          nested: { where: { year: { regex: "20.." } } }\n' +
        '          listed: [{ fuzzy: "1" }]\n',
    );
    expect(lines).toEqual([
      `${at(yaml, 'regex')}  test_cases[0] "m" › expected_tools[0].args.both.regex\n` +
        '  a matcher has exactly one of `fuzzy`, `regex` or `literal`, not `fuzzy` and `regex` — keep one of `fuzzy` and `regex`',
      // The keys in the other order, and a pattern that does not compile: both said, as the matcher they make.
      `${at(yaml, 'regex: "(x')}  test_cases[0] "m" › expected_tools[0].args.broken.regex\n` +
        '  a matcher has exactly one of `fuzzy`, `regex` or `literal`, not `fuzzy` and `regex` — keep one of `fuzzy` and `regex`',
      `${at(yaml, '"(x"')}  test_cases[0] "m" › expected_tools[0].args.broken.regex\n` +
        '  invalid regular expression "(x": missing ) — fix the pattern or use { fuzzy: ... }',
      `${at(yaml, 'fuzy')}  test_cases[0] "m" › expected_tools[0].args.typo.fuzy\n` +
        '  `fuzy` is not a matcher: did you mean `fuzzy`? — write { fuzzy: ... }; to compare with an object whose ' +
        'only key is `fuzy`, write { literal: {...} }',
      `${at(yaml, 'fuzzzy')}  test_cases[0] "m" › expected_tools[0].args.extra.fuzzzy\n` +
        '  unknown key `fuzzzy` — did you mean `fuzzy`?',
      `${at(yaml, '{ regex: "20')}  test_cases[0] "m" › expected_tools[0].args.nested.where.year\n` +
        '  `regex` matches a whole argument, not a part of one — match the whole argument with one matcher, or to ' +
        'compare with an object value as it is, write { literal: {...} } (compared as written)',
      `${at(yaml, '{ fuzzy: "1" }]')}  test_cases[0] "m" › expected_tools[0].args.listed[0]\n` +
        '  `fuzzy` matches a whole argument, not a part of one — match the whole argument with one matcher, or to ' +
        'compare with an object value as it is, write { literal: {...} } (compared as written)',
    ]);
  });

  it('says what a matcher value must be when it is of the wrong kind', async () => {
    const { yaml, lines } = await check(
      '  - name: m\n    input: q\n    expected_tools:\n      - name: t\n        args:\n' +
        '          a: { regex: 5 }\n          b: { fuzzy: [1, 2] }\n          c: { fuzzy: null }\n',
    );
    expect(lines).toEqual([
      `${at(yaml, '5 }')}  test_cases[0] "m" › expected_tools[0].args.a.regex\n` +
        '  `regex` must be a pattern (a string), got 5 — write { regex: "^2009.*$" }; to compare with an ' +
        'object value as it is, write { literal: {...} }',
      `${at(yaml, '[1, 2]')}  test_cases[0] "m" › expected_tools[0].args.b.fuzzy\n` +
        '  `fuzzy` must be a string, a number or a boolean, got a list — write { fuzzy: "181,001" }; to compare with ' +
        'an object value as it is, write { literal: {...} }',
      `${at(yaml, 'null }')}  test_cases[0] "m" › expected_tools[0].args.c.fuzzy\n` +
        '  `fuzzy` must be a string, a number or a boolean, got null (an empty value) — write { fuzzy: "181,001" }; ' +
        'to compare with an object value as it is, write { literal: {...} }',
    ]);
  });

  it('takes plain object and list literals, and { literal } for an object shaped like a matcher', async () => {
    const loaded = await loadYaml(
      `${HEAD}test_cases:\n  - name: o\n    input: q\n    expected_tools:\n      - name: search\n        args:\n` +
        '          filter: { year: 2009, tags: [cash] }\n          empty: {}\n          rows: [1, { a: 2 }]\n' +
        '          shaped: { literal: { fuzzy: x } }\n',
    );
    const args = expectConfig(loaded).test_cases[0]?.turns[0]?.expected_tools?.[0]?.args;
    expect(args).toEqual({
      filter: { kind: 'literal', value: { year: 2009, tags: ['cash'] } },
      empty: { kind: 'literal', value: {} },
      rows: { kind: 'literal', value: [1, { a: 2 }] },
      shaped: { kind: 'literal', value: { fuzzy: 'x' } },
    });
  });

  it('compiles regexes at load time', async () => {
    const { yaml, lines } = await check(
      '  - name: r\n    turns:\n      - input: q\n        expected_tools: [{ name: t, args: { c: { regex: "[0-9" } } }]\n',
    );
    expect(lines).toEqual([
      `${at(yaml, '"[0-9"')}  test_cases[0] "r" › turns[0].expected_tools[0].args.c.regex\n` +
        '  invalid regular expression "[0-9": missing ] — fix the pattern or use { fuzzy: ... }',
    ]);
  });

  it('requires count to be a whole number >= 1', async () => {
    const { yaml, lines } = await check(
      '  - name: c\n    input: q\n    expected_tools: [{ name: t, count: -1 }, { name: t, count: 1.5 }]\n',
    );
    const hint =
      'count is the minimum number of matching calls in the turn (default 1); to forbid a call, list it in forbidden_tools';
    expect(lines).toEqual([
      `${at(yaml, '-1 }')}  test_cases[0] "c" › expected_tools[0].count\n  count must be a whole number >= 1, got -1 — ${hint}`,
      `${at(yaml, '1.5')}  test_cases[0] "c" › expected_tools[1].count\n  expected a whole number, got 1.5 — ${hint}`,
    ]);
  });

  it('rejects negative tolerances, thresholds outside [0, 1] and duplicate metric names', async () => {
    const { yaml, lines } = await check(
      '  - name: t\n    input: q\n    evaluations:\n' +
        '      - { type: standard, metric: numeric, absolute_tolerance: -0.1, relative_tolerance: -1 }\n' +
        '      - { type: standard, metric: numeric, threshold: 1.5 }\n',
    );
    expect(lines).toEqual([
      `${at(yaml, '-0.1')}  test_cases[0] "t" › evaluations[0].absolute_tolerance\n  must be >= 0, got -0.1 — a tolerance is how far from the ground truth an answer may be: 0 or more (absolute_tolerance: 0.01)`,
      `${at(yaml, '-1 }')}  test_cases[0] "t" › evaluations[0].relative_tolerance\n  must be >= 0, got -1 — a tolerance is how far from the ground truth an answer may be: 0 or more (relative_tolerance: 0.001)`,
      `${at(yaml, '{ type', 2)}  test_cases[0] "t" › evaluations[1]\n` +
        '  duplicate metric name "numeric" — item [0] of this list has the same name; give one of them a distinct `name:`',
      `${at(yaml, '1.5')}  test_cases[0] "t" › evaluations[1].threshold\n  must be <= 1, got 1.5 — a threshold is a score between 0 and 1 (0.8, not 80); a score at or above it passes`,
    ]);
  });

  it('takes locale en or de on the numeric metric, and names them for any other', async () => {
    const { yaml, lines } = await check(
      '  - name: l\n    input: q\n    evaluations:\n      - { type: standard, metric: numeric, locale: fr }\n' +
        '      - { type: standard, metric: numeric, name: de, locale: de }\n',
    );
    expect(lines).toEqual([
      `${at(yaml, 'fr }')}  test_cases[0] "l" › evaluations[0].locale\n  "fr" is not one of: en, de`,
    ]);
    const config = expectConfig(await loadYaml(yaml.replace('locale: fr', 'locale: en')));
    expect(config.test_cases[0]?.evaluations?.map((m) => ('locale' in m ? m.locale : 'en'))).toEqual(['en', 'de']);
  });

  it('rejects unknown metric types and options of another metric, with suggestions', async () => {
    const { yaml, lines } = await check(
      '  - name: u\n    turns:\n      - input: q\n        evaluations:\n          - { type: stndard, metric: bleu }\n' +
        '          - { type: standard, metric: bleu, case_insensitive: true }\n          - { type: rag, metric_type: faithful }\n',
    );
    expect(lines).toEqual([
      `${at(yaml, 'stndard')}  test_cases[0] "u" › turns[0].evaluations[0].type\n  unknown type "stndard" — did you mean \`standard\`?`,
      `${at(yaml, 'case_insensitive')}  test_cases[0] "u" › turns[0].evaluations[1].case_insensitive\n` +
        '  unknown key `case_insensitive` — allowed keys: type, metric, name, enabled, threshold',
      `${at(yaml, 'faithful ')}  test_cases[0] "u" › turns[0].evaluations[2].metric_type\n` +
        '  "faithful" is not one of: faithfulness, answer_relevancy, contextual_relevancy, contextual_precision, contextual_recall',
    ]);
  });

  it('checks turn files: type, inferred type and existence', async () => {
    const { yaml, lines } = await check(
      '  - name: f\n    input: q\n    files:\n      - { path: notes.xyz }\n      - { path: r.pdf, type: pdff }\n',
      { 'notes.xyz': 'x', 'r.pdf': '%PDF' },
    );
    expect(lines).toEqual([
      `${at(yaml, '{ path: notes')}  test_cases[0] "f" › files[0].type\n` +
        '  cannot tell the type of "notes.xyz" from its extension — add type: one of text, markdown, csv, json, pdf, image',
      `${at(yaml, 'pdff')}  test_cases[0] "f" › files[1].type\n` +
        '  "pdff" is not one of: text, markdown, csv, json, pdf, image — did you mean `pdf`?',
    ]);
    const yamlMissing = `${HEAD}test_cases:\n  - name: f\n    input: q\n    files: [{ path: gone.md }]\n`;
    const loaded = await loadYaml(yamlMissing);
    expect(formattedIssues(loaded)).toEqual([
      `${at(yamlMissing, 'gone.md')}  test_cases[0] "f" › files[0].path\n` +
        `  file not found: ${join(loaded.dir, 'gone.md')} — file paths are relative to the folder of the config file`,
    ]);
    // An absolute path was looked for where it says: no hint about the config's folder.
    const yamlAbsolute = `${HEAD}test_cases:\n  - name: f\n    input: q\n    files: [{ path: /nonexistent/gone.md }]\n`;
    expect(formattedIssues(await loadYaml(yamlAbsolute))).toEqual([
      `${at(yamlAbsolute, '/nonexistent')}  test_cases[0] "f" › files[0].path\n  file not found: /nonexistent/gone.md`,
    ]);
  });

  it('still checks the valid files and graders of a test case, or a metrics list, with another mistake', async () => {
    const yaml =
      `${HEAD}evaluations:\n  metrics:\n    - { type: standard, metric: numeric, absolute_tolerance: -1 }\n` +
      '    - { type: code, grader: "nope.ts:fn" }\n' +
      'test_cases:\n  - name: t\n    turns:\n      - input: q\n        files: [{ path: gone.txt }]\n' +
      '        evaluations: [{ type: code, grader: "gone.ts:grade" }]\n' +
      '      - input: r\n        expected_tools: [{ name: s, count: -1 }]\n' +
      '  - name: u\n    input: z\n    files: [{ path: here.txt }, { path: lost.txt }]\n' +
      '    evaluations: [{ type: standard, metric: numerc }, { type: code, grader: "lost.ts:g" }]\n';
    const lines = formattedIssues(await loadYaml(yaml, { 'here.txt': 'x' }));
    expect(lines.map((line) => line.split('\n')[0])).toEqual([
      `${at(yaml, '-1 }')}  evaluations.metrics[0].absolute_tolerance`,
      `${at(yaml, '"nope.ts:fn"')}  evaluations.metrics[1].grader`,
      `${at(yaml, 'gone.txt')}  test_cases[0] "t" › turns[0].files[0].path`,
      `${at(yaml, '"gone.ts:grade"')}  test_cases[0] "t" › turns[0].evaluations[0].grader`,
      `${at(yaml, '-1 }]')}  test_cases[0] "t" › turns[1].expected_tools[0].count`,
      `${at(yaml, 'lost.txt')}  test_cases[1] "u" › files[1].path`,
      `${at(yaml, 'numerc')}  test_cases[1] "u" › evaluations[0].metric`,
      `${at(yaml, '"lost.ts:g"')}  test_cases[1] "u" › evaluations[1].grader`,
    ]);
    expect(lines[1]).toContain('cannot load grader "nope.ts:fn": file not found');
    expect(lines[2]).toContain('file not found:');
  });

  it('explains a value of the wrong kind, and blank names', async () => {
    const { yaml, lines } = await check(
      '  - name: "  "\n    input: q\n    expected_tools: [5, { name: t, args: { a: { fuzzy: 1.5 } } }]\n',
    );
    expect(lines).toEqual([
      `${at(yaml, '"  "')}  test_cases[0] › name\n  must not be blank — give each test case a name of its own, e.g. name: cash-2009`,
      `${at(yaml, '5,')}  test_cases[0] › expected_tools[0]\n  expected a string or a mapping (key: value), got 5`,
    ]);
  });

  it('names the test case by index when it has no name', async () => {
    const issues = expectIssues(await loadYaml(`${HEAD}test_cases:\n  - { input: q, bad: 1 }\n`));
    expect(issues.map((issue) => [issue.test_case, issue.path, issue.code])).toEqual([
      [{ name: null, index: 0 }, 'name', 'MISSING_KEY'],
      [{ name: null, index: 0 }, 'bad', 'UNKNOWN_KEY'],
    ]);
  });
});
