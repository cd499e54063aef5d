// biome-ignore-all lint/suspicious/noTemplateCurlyInString: a ${VAR} reference is among the generated texts
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { IssueSink } from './pending-issue.js';
import { parsePlainTestCase } from './plain-test-case.js';
import { testCaseSchema } from './schema/test-case-schema.js';
import { validateTestCases } from './validate-document.js';
import { parseWithSchema } from './zod-issues.js';

/** Values near the plain shapes: valid ones, and the mistakes and unusual forms only zod may judge. */
const blank = fc.constantFrom('', '   ', '\n\t');
const text = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom('What is 2+2?', 'x', ' padded ', 'ümlaut', '42', '${X}') },
  { weight: 1, arbitrary: blank },
);
const anyValue = fc.oneof(
  text,
  fc.constantFrom(0, -0, 1.5, -3, 1e21, Number.NaN, Number.POSITIVE_INFINITY, true, false, null, 'true', 'strict'),
  fc.constant(undefined),
  fc.constant([]),
  fc.constant({}),
  fc.array(text, { maxLength: 3 }),
  fc.constant({ name: 'search' }),
  fc.constant({ name: 'search', count: 0 }),
  fc.constant(new Date(0)),
);
const names = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom('lookup', 'search', 'web_search', 'a') },
  { weight: 1, arbitrary: blank },
);
/** Mostly a plain value of the field, sometimes anything. */
function mostly<T>(plain: fc.Arbitrary<T>) {
  return fc.oneof({ weight: 12, arbitrary: plain }, { weight: 1, arbitrary: anyValue });
}
const turnFields = {
  ground_truth: mostly(fc.oneof(text, fc.constantFrom(4, 0, -1.25, 1e21, Number.NaN))),
  expected_tools: mostly(fc.array(names, { maxLength: 3 })),
  expected_tools_order: mostly(fc.constantFrom('any', 'any', 'any', 'strict', 'Strict')),
  distinct_calls: mostly(fc.boolean()),
  // Now and then empty, which the schema refuses.
  retrieval_context: mostly(
    fc.oneof(
      { weight: 8, arbitrary: fc.array(text, { minLength: 1, maxLength: 3 }) },
      { weight: 1, arbitrary: fc.constant([]) },
    ),
  ),
};
/** Keys the plain shapes do not take: zod handles them (and reports the unknown ones). */
const otherFields = {
  evaluations: fc.constantFrom([], [{ type: 'standard', metric: 'equality' }], 'x'),
  forbidden_tools: fc.constantFrom(['search'], [{ name: 'lookup' }]),
  files: fc.constantFrom([], [{ path: 'a.txt' }]),
  turn_config: fc.constantFrom({}, { k: 1 }),
  inptu: text,
};

function record<T extends Record<string, fc.Arbitrary<unknown>>>(fields: T, required: (keyof T)[] = []) {
  return fc.record(fields, { requiredKeys: required as never[], noNullPrototype: true });
}

const plainTurn = fc.oneof(
  { weight: 8, arbitrary: record({ input: text, ...turnFields }, ['input']) },
  { weight: 1, arbitrary: record({ input: anyValue, ...turnFields, ...otherFields }) },
);
const testCase = fc.oneof(
  { weight: 6, arbitrary: record({ name: names, input: text, ...turnFields }, ['name', 'input']) },
  { weight: 4, arbitrary: record({ name: names, turns: fc.array(plainTurn, { maxLength: 3 }) }, ['name', 'turns']) },
  {
    weight: 2,
    arbitrary: record({
      name: anyValue,
      input: anyValue,
      turns: fc.oneof(fc.array(plainTurn), anyValue),
      ...turnFields,
    }),
  },
  { weight: 1, arbitrary: record({ name: names, input: text, ...turnFields, ...otherFields }) },
  {
    weight: 1,
    arbitrary: record({ name: names, input: text }, ['name', 'input']).map((item) =>
      Object.assign(Object.create(null) as object, item),
    ),
  },
  { weight: 1, arbitrary: anyValue },
);

describe('parsePlainTestCase', () => {
  it('accepts only what the test case schema accepts, with an equal value; the rest goes to the schema', () => {
    let accepted = 0;
    let fellBack = 0;
    fc.assert(
      fc.property(testCase, (item) => {
        const plain = parsePlainTestCase(item);
        const parsed = testCaseSchema.safeParse(item);
        if (plain === undefined) {
          fellBack += 1;
          return;
        }
        accepted += 1;
        expect(parsed.success).toBe(true);
        expect(plain).toStrictEqual(parsed.data);
      }),
      { seed: 16, numRuns: 20_000 },
    );
    // The generator reaches both sides, so neither check above is vacuous.
    expect(accepted).toBeGreaterThan(3_000);
    expect(fellBack).toBeGreaterThan(3_000);
  });

  it('takes the plain shapes of YAML and JSON test cases', () => {
    const cases = parse(`
- { name: a, input: "What is 2+2?", ground_truth: 4 }
- { name: b, input: q, expected_tools: [search, lookup], expected_tools_order: strict, distinct_calls: true }
- { name: c, input: q, retrieval_context: [one, two], ground_truth: four }
- name: d
  turns:
    - { input: first, ground_truth: "1" }
    - { input: second, expected_tools: [] }
`) as unknown[];
    const json = JSON.parse('{"name":"e","input":"q","ground_truth":"x"}') as unknown;
    for (const item of [...cases, json]) {
      expect(parsePlainTestCase(item)).toBe(item);
      expect(testCaseSchema.safeParse(item).success).toBe(true);
    }
  });

  it.each([
    ['a blank input', { name: 'a', input: ' ' }],
    ['no input', { name: 'a', ground_truth: 'x' }],
    ['no name', { input: 'q' }],
    ['a flat key beside turns', { name: 'a', turns: [{ input: 'q' }], ground_truth: 'x' }],
    ['empty turns', { name: 'a', turns: [] }],
    ['strict order without expected tools', { name: 'a', input: 'q', expected_tools_order: 'strict' }],
    ['a strict turn without expected tools', { name: 'a', turns: [{ input: 'q', expected_tools_order: 'strict' }] }],
    ['a blank expected tool', { name: 'a', input: 'q', expected_tools: ['search', ''] }],
    ['an infinite ground truth', { name: 'a', input: 'q', ground_truth: Number.POSITIVE_INFINITY }],
    ['distinct_calls as text', { name: 'a', input: 'q', distinct_calls: 'true' }],
    ['an unknown key', { name: 'a', input: 'q', inptu: 'x' }],
    ['case-level evaluations', { name: 'a', input: 'q', evaluations: [{ type: 'standard', metric: 'equality' }] }],
    ['a tool entry object', { name: 'a', input: 'q', expected_tools: [{ name: 'search' }] }],
    ['a sparse list', { name: 'a', input: 'q', retrieval_context: new Array(2) }],
    ['a class instance', Object.assign(new (class Case {})(), { name: 'a', input: 'q' })],
    ['a `__proto__` key', JSON.parse('{"name":"a","input":"q","__proto__":{"x":1}}') as unknown],
  ])('leaves %s to the schema', (_what, item) => {
    expect(parsePlainTestCase(item)).toBeUndefined();
  });

  it('leaves the issues of a list exactly as the schema reports them', () => {
    const items = [
      { name: 'ok', input: 'q', ground_truth: 1 },
      { name: 'blank', input: '  ' },
      { name: 'mixed', turns: [{ input: 'q' }], expected_tools: ['x'] },
      { name: 'strict', input: 'q', expected_tools_order: 'strict', expected_tools: [] },
      { name: 'ok', turns: [{ input: 'q', inptu: 1 }] },
      'not a case',
    ];
    const sink = new IssueSink();
    const { valid } = validateTestCases(items, sink);
    expect(valid.map(({ index }) => index)).toEqual([0]);
    const bySchema = items.flatMap((item, index) => {
      const parsed = parseWithSchema(testCaseSchema, item, ['test_cases', index]);
      return parsed.ok ? [] : parsed.issues;
    });
    // The schema's issues, then the duplicate name (test_cases[4] repeats "ok").
    expect(sink.issues.slice(0, bySchema.length)).toEqual(bySchema);
    expect(sink.issues.slice(bySchema.length).map((issue) => issue.path)).toEqual([['test_cases', 4, 'name']]);
  });
});
