import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBuildContext } from './build-context.js';
import { buildPlainTestCase, buildTestCase, buildTestCases } from './build-test-case.js';
import { type TestCaseInput, testCaseSchema } from './schema/test-case-schema.js';

const text = fc.constantFrom('What is 2+2?', 'x', '42', ' padded ');
const tool = fc.oneof(
  fc.constantFrom('search', 'lookup'),
  fc.record(
    {
      name: fc.constantFrom('search', 'web'),
      name_match: fc.constantFrom('exact', 'substring'),
      count: fc.constantFrom(0, 1, 2),
      args: fc.constantFrom({}, { q: 'x' }, { q: { regex: '^a+$' } }, { n: { fuzzy: '1,000' } }, { k: { literal: 3 } }),
    },
    { requiredKeys: ['name'] },
  ),
);
const turnFields = {
  ground_truth: fc.oneof(text, fc.constantFrom(4, -0.5, 0)),
  expected_tools: fc.array(tool, { maxLength: 3 }),
  forbidden_tools: fc.array(fc.constantFrom('drop', { name: 'delete', args: { id: 1 } }), { maxLength: 2 }),
  expected_tools_order: fc.constantFrom('any', 'strict'),
  distinct_calls: fc.boolean(),
  retrieval_context: fc.array(text, { minLength: 1, maxLength: 2 }),
  turn_config: fc.constantFrom({}, { unit: 'USD' }),
  // Only the empty list stays plain: files are checked on disk by the general build (an empty evaluations
  // list does not: it is kept as written).
  files: fc.constant([]),
};
const evaluations = fc.constantFrom([], [{ type: 'standard', metric: 'equality' }]);
const turn = fc.record({ input: text, ...turnFields, evaluations }, { requiredKeys: ['input'] });
const testCase = fc.oneof(
  fc.record({ name: text, input: text, evaluations, ...turnFields }, { requiredKeys: ['name', 'input'] }),
  fc.record({ name: text, evaluations, turns: fc.array(turn, { minLength: 1, maxLength: 3 }) }),
);

/** A built case as plain data; each compiled regular expression (a new object per build) stands as its pattern. */
function comparable(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (key, item: unknown) =>
      key === 'regex' ? 'compiled' : item === undefined ? '(undefined)' : item,
    ),
  );
}

describe('buildPlainTestCase', () => {
  it('builds what buildTestCase builds, for every valid case it takes', async () => {
    const ctx = createBuildContext(tmpdir());
    let plain = 0;
    let general = 0;
    await fc.assert(
      fc.asyncProperty(
        testCase,
        fc.nat(50),
        fc.constantFrom('substring', 'exact'),
        fc.boolean(),
        async (item, index, nameMatch, distinct) => {
          const parsed = testCaseSchema.safeParse(item);
          if (!parsed.success) return;
          const built = buildPlainTestCase(parsed.data, index, nameMatch, distinct);
          if (built === null) {
            general += 1;
            return;
          }
          plain += 1;
          expect(comparable(built)).toEqual(
            comparable(await buildTestCase(parsed.data, index, ctx, nameMatch, distinct)),
          );
        },
      ),
      { seed: 16, numRuns: 3_000 },
    );
    expect(ctx.issues.issues).toEqual([]);
    expect(plain).toBeGreaterThan(150);
    expect(general).toBeGreaterThan(500);
  });

  it('leaves cases with their own metrics or files to the general build', () => {
    const cases: TestCaseInput[] = [
      { name: 'a', input: 'q', evaluations: [{ type: 'standard', metric: 'equality' }] },
      { name: 'b', input: 'q', files: [{ path: 'a.txt' }] },
      { name: 'c', turns: [{ input: 'q' }, { input: 'r', files: [{ path: 'a.txt' }] }] },
      { name: 'd', turns: [{ input: 'q', evaluations: [{ type: 'standard', metric: 'equality' }] }] },
    ];
    for (const item of cases) expect(buildPlainTestCase(item, 0)).toBeNull();
  });
});

describe('buildTestCases', () => {
  it('keeps the order of the cases, plain or not, and reports a missing file', async () => {
    const dir = tmpdir();
    const ctx = createBuildContext(dir);
    const built = await buildTestCases(
      [
        { index: 0, value: { name: 'a', input: 'q' } },
        { index: 1, value: { name: 'b', input: 'q', files: [{ path: 'missing.txt' }] } },
        { index: 3, value: { name: 'c', turns: [{ input: 'q' }, { input: 'r' }] } },
      ],
      ctx,
    );
    expect(built.map((testCase) => [testCase.name, testCase.index, testCase.turns.length])).toEqual([
      ['a', 0, 1],
      ['b', 1, 1],
      ['c', 3, 2],
    ]);
    expect(ctx.issues.issues.map((issue) => [issue.code, issue.path])).toEqual([
      ['FILE_NOT_FOUND', ['test_cases', 1, 'files', 0, 'path']],
    ]);
  });

  it('refuses an image whose format cannot be sent, before the run, at the entry that makes it one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-files-'));
    await writeFile(join(dir, 'note.txt'), 'x');
    await writeFile(join(dir, 'chart.png'), 'x');
    const ctx = createBuildContext(dir);
    const files = [
      { path: 'note.txt', type: 'image' as const },
      { path: 'chart.png', type: 'image' as const },
      { path: 'note.txt' },
    ];
    await buildTestCases([{ index: 0, value: { name: 'a', input: 'q', files } }], ctx);
    expect(ctx.issues.issues.map((issue) => [issue.code, issue.path, issue.message])).toEqual([
      [
        'FILE_TYPE',
        ['test_cases', 0, 'files', 0, 'type'],
        `unsupported image format .txt for ${join(dir, 'note.txt')}: use png, jpg, gif or webp`,
      ],
    ]);
  });
});
