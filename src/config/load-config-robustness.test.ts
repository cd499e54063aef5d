// biome-ignore-all lint/suspicious/noTemplateCurlyInString: a ${VAR} reference is among the generated words
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { writeTree } from '../../test/support/config/fixtures/config-tree.js';
import { loadConfig } from './load-config.js';

const KEYS = [
  'name',
  'model',
  'provider',
  'backend',
  'module',
  'instructions',
  'file',
  'inline',
  'tools',
  'type',
  'function',
  'parameters',
  'command',
  'url',
  'evaluations',
  'metrics',
  'metric',
  'threshold',
  'grader',
  'execution',
  'llm_timeout',
  'test_cases',
  'test_cases_file',
  'input',
  'ground_truth',
  'turns',
  'expected_tools',
  'args',
  'count',
  'fuzzy',
  'regex',
  'literal',
  'files',
  'path',
  'retrieval_context',
  'turn_config',
  'endpoint',
];
const WORDS = [
  'openai',
  'ollama',
  'mcp',
  'function',
  'standard',
  'code',
  'numeric',
  'bleu',
  '(2009',
  'x.ts:f',
  '${X}',
  '',
];

/** Values shaped like agent.yaml: mappings over the real keys, lists, and scalars of every kind. */
const configLike = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...WORDS),
    fc.integer({ min: -3, max: 3 }),
    fc.double({ noNaN: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 6 }),
  ),
})).value;

async function expectIssuesNotThrow(dir: string, text: string): Promise<void> {
  await writeFile(join(dir, 'agent.yaml'), text);
  const result = await loadConfig(dir, { env: {} });
  if (result.ok) return;
  expect(result.issues.length).toBeGreaterThan(0);
  for (const issue of result.issues) {
    expect(issue.message).not.toBe('');
    expect(issue.location?.file).toBe(join(dir, 'agent.yaml'));
    expect(issue.location?.line).toBeGreaterThanOrEqual(1);
    expect(issue.location?.column).toBeGreaterThanOrEqual(1);
  }
}

/** A valid multi-turn configuration, the seed every mutation starts from. */
const VALID = `name: fuzz
model: { provider: ollama, name: m, temperature: 0 }
instructions: { inline: "answer" }
evaluations:
  metrics:
    - { type: standard, metric: numeric, absolute_tolerance: 0.01 }
execution: { llm_timeout: 30, parallel_test_cases: 2 }
test_cases:
  - name: JKHY-2009
    turns:
      - input: "what is the net cash in 2009?"
        ground_truth: "206588"
        expected_tools:
          - name: subtract
            count: 1
            args: { a: 206588, b: { fuzzy: "181,001" }, c: { regex: "^2009.*$" } }
      - input: "and in 2008?"
        turn_config: { turn_program: "subtract(1, 2)" }
  - { name: single, input: "hi", ground_truth: "hello" }
`;

const NASTY = [
  ':',
  '- ',
  '{',
  '}',
  '[',
  ']',
  '"',
  "'",
  '#',
  '&a',
  '*a',
  '!!binary',
  '|',
  '>',
  '\t',
  '\n',
  '  ',
  '%',
  '@',
  '${',
  '${X}',
  '(',
  '(a+)+$',
  '\u0000',
  '\u202e',
  '😀',
  'é',
  '\ufeff',
  '\r',
  '?',
  ',',
  '---',
  '...',
  '~',
  'null',
  'true',
  '-1',
  '1e999',
  '0x1F',
  '.inf',
  '<<: *a',
];

type Mutation = {
  readonly at: number;
  readonly length: number;
  readonly kind: 'delete' | 'insert' | 'replace' | 'dup' | 'indent';
  readonly text: string;
};

const mutation: fc.Arbitrary<Mutation> = fc.record({
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  length: fc.integer({ min: 1, max: 40 }),
  kind: fc.constantFrom('delete', 'insert', 'replace', 'dup', 'indent'),
  text: fc.oneof(fc.constantFrom(...NASTY), fc.string({ maxLength: 12, unit: 'grapheme' })),
});

function mutate(text: string, m: Mutation): string {
  const at = Math.floor(m.at * text.length);
  switch (m.kind) {
    case 'delete':
      return text.slice(0, at) + text.slice(at + m.length);
    case 'insert':
      return text.slice(0, at) + m.text + text.slice(at);
    case 'replace':
      return text.slice(0, at) + m.text + text.slice(at + m.text.length);
    case 'dup':
      return text.slice(0, at + m.length) + text.slice(at, at + m.length) + text.slice(at + m.length);
    case 'indent': {
      const lines = text.split('\n');
      const line = Math.floor(m.at * lines.length);
      lines[line] = `${' '.repeat(m.length % 5)}${lines[line] ?? ''}`;
      return lines.join('\n');
    }
  }
}

describe('loadConfig on malformed input', () => {
  it('never throws on arbitrary text', async () => {
    const dir = await writeTree({});
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), (text) => expectIssuesNotThrow(dir, text)),
      { numRuns: 150 },
    );
  });

  it('never throws on configuration-shaped documents, and locates what it reports', async () => {
    const dir = await writeTree({});
    await fc.assert(
      fc.asyncProperty(configLike, async (value) => {
        await expectIssuesNotThrow(
          dir,
          stringify({
            name: 'fuzz',
            model: { provider: 'ollama', name: 'm' },
            ...(value && typeof value === 'object' && !Array.isArray(value) ? value : { test_cases: value }),
          }),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on mutations of a valid configuration, and locates every problem', async () => {
    const dir = await writeTree({});
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 4 }), async (mutations) => {
        await expectIssuesNotThrow(dir, mutations.reduce(mutate, VALID));
      }),
      { numRuns: 600 },
    );
  });

  it('never throws on wrong types, unicode and huge values in every field', async () => {
    const dir = await writeTree({});
    const wild = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.constantFrom('(a+)+$', '(?P<n>a)', '[', '\ud800'),
      fc.constant('x'.repeat(100_000)),
      fc.array(fc.integer(), { maxLength: 3 }),
      fc.dictionary(fc.string({ unit: 'grapheme', maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
      fc.double(),
      fc.constant(null),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...KEYS), wild, fc.nat({ max: 2 }), async (key, value, where) => {
        const spot = [
          { [key]: value },
          { test_cases: [{ name: 'a', [key]: value }] },
          { test_cases: [{ name: 'a', turns: [{ input: 'q', [key]: value }] }] },
        ][where];
        await expectIssuesNotThrow(dir, stringify({ name: 'fuzz', model: { provider: 'ollama', name: 'm' }, ...spot }));
      }),
      { numRuns: 300 },
    );
  });

  it('answers pathological documents with located issues: deep nesting, alias bombs, NUL, BOM', async () => {
    const dir = await writeTree({});
    const head = 'name: x\nmodel: { provider: ollama, name: m }\n';
    const aliases = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (const [i, name] of ['b', 'c', 'd', 'e', 'f', 'g'].entries()) {
      const prev = ['a', 'b', 'c', 'd', 'e', 'f'][i];
      aliases.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(', ')}]`);
    }
    const documents = [
      `${head}test_cases: ${'['.repeat(5000)}${']'.repeat(5000)}\n`,
      `${head}execution: ${'{a: '.repeat(3000)}1${'}'.repeat(3000)}\n`,
      `${head}test_cases:\n${Array.from({ length: 1500 }, (_, i) => `${' '.repeat(i)}- `).join('\n')}\n`,
      `${head}${aliases.join('\n')}\n`,
      `${head}test_cases: [{ name: "a\u0000b", input: "\u202e" }]\n`,
      `\ufeff${head}test_cases: [{ name: a, input: b }]\n`,
      '\u0000\u0001\u0002',
    ];
    for (const document of documents) await expectIssuesNotThrow(dir, document);
  });

  it('reads only text: bytes that are not UTF-8 or a NUL are located, UTF-16 with a byte order mark is read', async () => {
    const dir = await writeTree({});
    const head = 'name: x\nmodel: { provider: ollama, name: m }\n';
    // A Latin-1 é in agent.yaml.
    await writeFile(
      join(dir, 'agent.yaml'),
      Buffer.concat([
        Buffer.from(`${head}test_cases: [{ name: a, input: "caf`),
        Buffer.from([0xe9]),
        Buffer.from('" }]\n'),
      ]),
    );
    const latin = await loadConfig(dir, { env: {} });
    expect(latin.ok).toBe(false);
    if (!latin.ok) {
      expect(latin.issues).toEqual([
        expect.objectContaining({
          code: 'NOT_UTF8_TEXT',
          message: 'byte 0xE9 is not UTF-8 — save the file as UTF-8 text',
          location: { file: join(dir, 'agent.yaml'), line: 3, column: 36 },
        }),
      ]);
    }
    // A NUL in a JSON test cases file (UTF-16 saved without its byte order mark).
    await writeFile(join(dir, 'cases.json'), Buffer.from('[{"name": "a", "input": "q"}]', 'utf16le'));
    await writeFile(join(dir, 'agent.yaml'), `${head}test_cases_file: cases.json\n`);
    const nul = await loadConfig(dir, { env: {} });
    expect(nul.ok).toBe(false);
    if (!nul.ok) {
      expect(nul.issues[0]).toMatchObject({
        code: 'NOT_UTF8_TEXT',
        message: expect.stringMatching(/^a NUL character \(the file is binary, or UTF-16 without a byte order mark\)/),
        location: { file: join(dir, 'cases.json'), line: 1, column: 2 },
      });
    }
    // UTF-16 with its byte order mark, as Windows editors save it: read.
    const utf16 = `${head}test_cases: [{ name: café, input: "ça va?" }]\n`;
    await writeFile(join(dir, 'agent.yaml'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(utf16, 'utf16le')]));
    const read = await loadConfig(dir, { env: {} });
    expect(read.ok && read.value.test_cases[0]?.name).toBe('café');
    expect(read.ok && read.value.test_cases[0]?.turns[0]?.input).toBe('ça va?');
    // An instructions file in Latin-1: located at instructions.file, with where the file is not text.
    await writeFile(join(dir, 'prompt.md'), Buffer.from([0x52, 0xe9, 0x70, 0x6f, 0x6e, 0x64, 0x73]));
    await writeFile(
      join(dir, 'agent.yaml'),
      `${head}instructions: { file: prompt.md }\ntest_cases: [{ name: a, input: q }]\n`,
    );
    const instructions = await loadConfig(dir, { env: {} });
    expect(instructions.ok).toBe(false);
    if (!instructions.ok) {
      expect(instructions.issues[0]?.message).toBe(
        `cannot read instructions file ${join(dir, 'prompt.md')}: it is not UTF-8 text: byte 0xE9 is not UTF-8 at line 1, column 2 — save the file as UTF-8 text`,
      );
    }
  });

  it('refuses values nested past what a configuration may nest, located, in agent.yaml and in a JSON cases file', async () => {
    const dir = await writeTree({});
    const head = 'name: x\nmodel: { provider: ollama, name: m }\n';
    // Deep enough to overflow the stack of any recursive walk, were it not refused here.
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const cases = `[\n{"name": "a", "input": "q",\n "expected_tools": [{"name": "add", "args": {"x": ${deep}}}]}]`;
    await writeFile(join(dir, 'cases.json'), cases);
    await writeFile(join(dir, 'agent.yaml'), `${head}test_cases_file: cases.json\n`);
    const fromJson = await loadConfig(dir, { env: {} });
    expect(fromJson.ok).toBe(false);
    if (!fromJson.ok) {
      expect(fromJson.issues).toHaveLength(1);
      expect(fromJson.issues[0]).toMatchObject({
        code: 'NESTED_TOO_DEEP',
        message: 'nested deeper than 144 levels here (the most a configuration file may nest)',
        location: { file: join(dir, 'cases.json'), line: 3 },
      });
    }
    const yaml = `${head}test_cases:\n  - name: a\n    input: q\n    turn_config: { x: ${'['.repeat(300)}${']'.repeat(300)} }\n`;
    await writeFile(join(dir, 'agent.yaml'), yaml);
    const fromYaml = await loadConfig(dir, { env: {} });
    expect(fromYaml.ok).toBe(false);
    if (!fromYaml.ok) expect(fromYaml.issues[0]).toMatchObject({ code: 'NESTED_TOO_DEEP', location: { line: 6 } });
    // As deep as a value may be, below the file's own levels, is fine.
    const within = `${head}test_cases:\n  - name: a\n    input: q\n    turn_config: { x: ${'['.repeat(128)}${']'.repeat(128)} }\n`;
    await writeFile(join(dir, 'agent.yaml'), within);
    expect((await loadConfig(dir, { env: {} })).ok).toBe(true);
  });
});
