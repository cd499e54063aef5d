/** The values an expected or forbidden tool's `args` and `count` cannot hold as written, refused at load. */
import { describe, expect, it } from 'vitest';
import { at, expectConfig, formattedIssues, HEAD, loadYaml } from '../../test/support/config/fixtures/config-tree.js';

async function check(testCases: string) {
  const yaml = `${HEAD}test_cases:\n${testCases}`;
  return { yaml, lines: formattedIssues(await loadYaml(yaml)) };
}

const PROTO = '`__proto__` cannot be a key in args: it would be dropped unchecked';
const PROTO_HINT = 'remove it and assert the other arguments; to check such an argument, use a code grader';
const LOST = 'a number too large to keep exactly (it has lost digits)';
const LOST_HINT =
  'integers beyond 9007199254740991 cannot be compared exactly, as the number the model sends loses the same digits; ' +
  'if the tool takes the value as text, write it in quotes';

describe('args keys named __proto__', () => {
  it('refuses one in expected and forbidden tools, at any depth, pointing at the key', async () => {
    const { yaml, lines } = await check(
      '  - name: p\n    input: q\n' +
        '    expected_tools: [{ name: echo, args: { __proto__: { x: 1 } } }, { name: echo, args: { a: [{ __proto__: 2 }] } }]\n' +
        '    forbidden_tools: [{ name: add, args: { b: { literal: { __proto__: 3 } } } }]\n',
    );
    expect(lines).toEqual([
      `${at(yaml, '__proto__')}  test_cases[0] "p" › expected_tools[0].args.__proto__\n  ${PROTO} — ${PROTO_HINT}`,
      `${at(yaml, '__proto__', 2)}  test_cases[0] "p" › expected_tools[1].args.a[0].__proto__\n  ${PROTO} — ${PROTO_HINT}`,
      `${at(yaml, '__proto__', 3)}  test_cases[0] "p" › forbidden_tools[0].args.b.literal.__proto__\n  ${PROTO} — ${PROTO_HINT}`,
    ]);
  });

  it('refuses one in a JSON test cases file, where JSON.parse keeps it as a key', async () => {
    const json = '[{ "name": "j", "input": "q", "expected_tools": [{ "name": "echo", "args": { "__proto__": 1 } }] }]';
    const lines = formattedIssues(await loadYaml(`${HEAD}test_cases_file: cases.json\n`, { 'cases.json': json }));
    expect(lines).toEqual([
      `${at(json, '"__proto__"', 1, 'cases.json')}  test_cases[0] "j" › expected_tools[0].args.__proto__\n  ${PROTO} — ${PROTO_HINT}`,
    ]);
  });

  it('keeps keys that only look like it', async () => {
    const loaded = await loadYaml(
      `${HEAD}test_cases:\n  - { name: k, input: q, expected_tools: [{ name: echo, args: { constructor: 1, proto: 2 } }] }\n`,
    );
    const args = expectConfig(loaded).test_cases?.[0]?.turns[0]?.expected_tools?.[0]?.args;
    expect(Object.keys(args ?? {})).toEqual(['constructor', 'proto']);
  });
});

describe('args numbers that lost digits', () => {
  it('refuses an integer beyond 2^53 anywhere in an argument, as a JSON ground_truth', async () => {
    const { yaml, lines } = await check(
      '  - name: n\n    input: q\n' +
        '    expected_tools: [{ name: add, args: { a: 9007199254740993, b: [1, { c: 12345678901234567890 }] } }]\n' +
        '    forbidden_tools: [{ name: add, args: { d: { fuzzy: 99999999999999999999 } } }]\n',
    );
    expect(lines).toEqual([
      `${at(yaml, '9007')}  test_cases[0] "n" › expected_tools[0].args.a\n  ${LOST} — ${LOST_HINT}`,
      `${at(yaml, '1234')}  test_cases[0] "n" › expected_tools[0].args.b[1].c\n  ${LOST} — ${LOST_HINT}`,
      `${at(yaml, '9999')}  test_cases[0] "n" › forbidden_tools[0].args.d.fuzzy\n  ${LOST} — ${LOST_HINT}`,
    ]);
  });

  it('accepts the largest safe integer, fractions and the same digits in quotes', async () => {
    const loaded = await loadYaml(
      `${HEAD}test_cases:\n  - name: s\n    input: q\n` +
        '    expected_tools: [{ name: add, args: { a: 9007199254740991, b: 0.5, c: "9007199254740993" } }]\n',
    );
    expect(expectConfig(loaded).test_cases[0]?.turns[0]?.expected_tools?.[0]?.args).toEqual({
      a: { kind: 'literal', value: 9007199254740991 },
      b: { kind: 'literal', value: 0.5 },
      c: { kind: 'literal', value: '9007199254740993' },
    });
  });

  it('still reports the other mistakes of the same args', async () => {
    const { lines } = await check(
      '  - { name: o, input: q, expected_tools: [{ name: add, args: { a: 9007199254740993, b: { regex: "(" } } }] }\n',
    );
    expect(lines.map((line) => line.split('\n')[1])).toEqual([
      `  ${LOST} — ${LOST_HINT}`,
      '  invalid regular expression "(": missing ) — fix the pattern or use { fuzzy: ... }',
    ]);
  });
});

describe('count of an expected tool', () => {
  it('says only that a count of 0 is refused, not that it also forbids the tool another entry expects', async () => {
    const { yaml, lines } = await check(
      '  - name: z\n    input: q\n    expected_tools_order: strict\n' +
        '    expected_tools: [{ name: add, count: 0 }, { name: add, args: { a: 1 } }]\n',
    );
    expect(lines).toEqual([
      `${at(yaml, '0 }')}  test_cases[0] "z" › expected_tools[0].count\n` +
        '  count must be a whole number >= 1, got 0 — count is the minimum number of matching calls in the turn (default 1); ' +
        'to forbid a call, list it in forbidden_tools',
    ]);
  });

  it('does not call a strict order empty when its only entry was refused', async () => {
    const { lines } = await check(
      '  - { name: e, input: q, expected_tools_order: strict, expected_tools: [{ name: add, count: 0 }] }\n',
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('count must be a whole number >= 1, got 0');
  });

  it('says a count past the safe integers is too large', async () => {
    const { yaml, lines } = await check(
      '  - { name: b, input: q, expected_tools: [{ name: add, count: 99999999999999999999 }] }\n',
    );
    expect(lines).toEqual([
      `${at(yaml, '9999')}  test_cases[0] "b" › expected_tools[0].count\n` +
        '  too large: beyond the safe integer range (at most 9007199254740991), got 100000000000000000000 — ' +
        'count is the minimum number of matching calls in the turn (default 1); to forbid a call, list it in forbidden_tools',
    ]);
  });
});

describe('an object with a matcher key and another key', () => {
  const beside = (matcher: string, key: string) =>
    `\`${matcher}\` makes this object a matcher, which holds that one key only: \`${key}\` cannot go with it`;
  const AS_IS = 'to compare with this object as it is, write { literal: {...} }';
  const FLAGS = 'flags go inside the pattern, e.g. { regex: "(?i)cash" } for any letter case';

  it('is refused at the other key, pointing to (?i) and to { literal: ... }', async () => {
    const { yaml, lines } = await check(
      '  - name: m\n    input: q\n    expected_tools:\n' +
        '      - { name: search, args: { q: { regex: "cash", flags: "i" } } }\n' +
        '      - { name: search, args: { q: { fuzzy: "1", unit: usd } } }\n' +
        '      - { name: search, args: { q: { regex: 1, case: no } } }\n',
    );
    expect(lines).toEqual([
      `${at(yaml, 'flags')}  test_cases[0] "m" › expected_tools[0].args.q.flags\n  ${beside('regex', 'flags')} — ${FLAGS}; ${AS_IS}`,
      `${at(yaml, 'unit')}  test_cases[0] "m" › expected_tools[1].args.q.unit\n  ${beside('fuzzy', 'unit')} — ${AS_IS}`,
      `${at(yaml, 'case:')}  test_cases[0] "m" › expected_tools[2].args.q.case\n  ${beside('regex', 'case')} — ${FLAGS}; ${AS_IS}`,
    ]);
  });

  it('is compared as it is inside { literal: ... }, and (?i) matches any letter case', async () => {
    const loaded = await loadYaml(
      `${HEAD}test_cases:\n  - name: m\n    input: q\n    expected_tools:\n` +
        '      - { name: search, args: { q: { literal: { regex: "cash", flags: "i" } }, r: { regex: "(?i)cash" } } }\n',
    );
    const args = expectConfig(loaded).test_cases[0]?.turns[0]?.expected_tools?.[0]?.args;
    expect(args?.['q']).toEqual({ kind: 'literal', value: { regex: 'cash', flags: 'i' } });
    const r = args?.['r'];
    expect(r?.kind === 'regex' && r.regex.fullMatch('CASH')).toBe(true);
  });
});
