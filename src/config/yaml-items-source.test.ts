import { describe, expect, it } from 'vitest';
import type { ConfigPath } from './pending-issue.js';
import type { SourceDocument } from './source-document.js';
import { parseYamlItems } from './yaml-items-source.js';
import { parseYamlSource } from './yaml-source.js';

const FILE = '/p/cases.yaml';

/** Files the case-by-case reader handles: it must give the same data and positions as the whole parse. */
const PLAIN: Readonly<Record<string, string>> = {
  'a top-level list': `- name: a
  input: "hello"
  expected_tools: [greet]
- name: b
  turns:
    - input: one
      ground_truth: "1"
    - input: two
`,
  'test_cases: with items indented': `# leading comment

test_cases:
  # a comment before the first case
  - name: a
    input: |
      a block scalar
      - that looks like an item
      # and a comment
    ground_truth: "x"

  - name: b
    input: 'single'   # trailing comment
    expected_tools:
      - name: subtract
        args: { a: 1, b: { fuzzy: "181,001" } }
`,
  'test_cases: with items at column 0': `test_cases:
- name: a
  input: >
    folded
    text
- name: b
  input: "multi
    line quoted"
  evaluations:
  - { type: standard, metric: numeric }
`,
  'CRLF line ends and an anchor used inside its own case':
    '- name: a\r\n  turns:\r\n    - &t { input: x }\r\n- name: b\r\n  input: y\r\n',
  'an empty item and a merge key in the same case': `- 
- name: c
  base: { input: z }
  more: { <<: { ground_truth: "1" }, input: w }
`,
};

function paths(value: unknown, prefix: ConfigPath = []): ConfigPath[] {
  const out: ConfigPath[] = [prefix];
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) out.push(...paths(item, [...prefix, i]));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) out.push(...paths(item, [...prefix, key]));
  }
  return out;
}

function whole(text: string): SourceDocument {
  const parsed = parseYamlSource(FILE, text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.document;
}

describe('parseYamlItems', () => {
  it.each(Object.entries(PLAIN))('%s: the same data and positions as the whole document', (_name, text) => {
    const items = parseYamlItems(FILE, text);
    expect(items.kind).toBe('document');
    if (items.kind !== 'document') return;
    const reference = whole(text);
    expect(items.document.data).toEqual(reference.data);
    const asked = [...paths(reference.data), ['nope'], ['test_cases', 99], [99], [0, 'missing', 'deeper']];
    for (const path of asked) {
      for (const target of ['value', 'key', 'parent'] as const) {
        expect([path, target, items.document.locate(path, target)]).toEqual([
          path,
          target,
          reference.locate(path, target),
        ]);
      }
    }
  });

  it.each<[string, string]>([
    ['an alias to an anchor of another case', '- &a { name: a, input: x }\n- *a\n'],
    ['another key beside test_cases', 'test_cases:\n  - name: a\n    input: x\nother: 1\n'],
    ['a flow list', 'test_cases: [ { name: a, input: x } ]\n'],
    ['a directive', '%YAML 1.2\n---\n- name: a\n  input: x\n'],
    ['a document marker', '---\n- name: a\n  input: x\n'],
    ['a mapping of test cases', 'a: { input: x }\n'],
    ['content less indented than the items', 'test_cases:\n  - name: a\n input: x\n'],
    ['nothing at all', '# only a comment\n'],
  ])('leaves %s to the whole parse', (_name, text) => {
    expect(parseYamlItems(FILE, text).kind).toBe('whole');
  });

  it('reports a syntax error of a case where the whole parse does', () => {
    const text = '- name: a\n  input: x\n- name: b\n  input: y\n  input: z\n- name: c\n  input: "ok"\n';
    const items = parseYamlItems(FILE, text);
    const reference = parseYamlSource(FILE, text);
    expect(items.kind).toBe('syntax');
    if (items.kind !== 'syntax' || reference.ok) return;
    expect(items.issues).toEqual(reference.issues);
    expect(items.issues[0]?.location).toMatchObject({ file: FILE, line: 5, column: 3 });
  });

  it('reads a file with lone carriage returns as line ends as the whole parse does', () => {
    const text = '- name: a\r  input: |\r    42\r- name: b\r  input: y\r  input: z\r';
    expect(parseYamlItems(FILE, text.replace('  input: z\r', ''))).toMatchObject({
      kind: 'document',
      document: {
        data: [
          { name: 'a', input: '42\n' },
          { name: 'b', input: 'y' },
        ],
      },
    });
    const items = parseYamlItems(FILE, text);
    const reference = parseYamlSource(FILE, text);
    expect(items.kind === 'syntax' && !reference.ok && items.issues).toEqual(!reference.ok && reference.issues);
    expect(items.kind === 'syntax' && items.issues[0]?.location).toMatchObject({ line: 6, column: 3 });
  });

  it('keeps the text of long quoted strings without the pieces the parser built them from', () => {
    const input = Array.from({ length: 400 }, (_, i) => `line ${i}`).join('\\n');
    const text = Array.from({ length: 3 }, (_, i) => `- name: c${i}\n  input: "${input}"\n`).join('');
    const items = parseYamlItems(FILE, text);
    expect(items.kind === 'document' && items.document.data).toEqual(whole(text).data);
  });
});
