import { describe, expect, it, vi } from 'vitest';
import type { SourceDocument } from './source-document.js';
import { parseYamlSource } from './yaml-source.js';

function parsed(text: string): SourceDocument {
  const result = parseYamlSource('/c/agent.yaml', text);
  if (!result.ok) throw new Error(result.issues.map((issue) => issue.message).join('\n'));
  return result.document;
}

const text = `defaults: &defaults
  provider: openai
  name: gpt
model:
  <<: *defaults
  temperature: 0
test_cases:
  - name: a
    turns:
      - input: q1
      - input:
`;

describe('parseYamlSource', () => {
  it('returns the plain data, with merge keys applied', () => {
    expect(parsed(text).data).toEqual({
      defaults: { provider: 'openai', name: 'gpt' },
      model: { provider: 'openai', name: 'gpt', temperature: 0 },
      test_cases: [{ name: 'a', turns: [{ input: 'q1' }, { input: null }] }],
    });
  });

  it('locates values, keys and parent mappings', () => {
    const doc = parsed(text);
    expect(doc.locate(['model', 'temperature'], 'value')).toMatchObject({ line: 6, column: 16 });
    expect(doc.locate(['model', 'temperature'], 'key')).toMatchObject({ line: 6, column: 3 });
    expect(doc.locate(['test_cases', 0, 'turns', 1, 'ground_truth'], 'parent')).toMatchObject({ line: 11, column: 9 });
    expect(doc.locate(['test_cases', 0, 'turns', 1, 'input'], 'value')).toMatchObject({ line: 11, column: 9 });
  });

  it('follows merge keys and falls back to the nearest ancestor', () => {
    const doc = parsed(text);
    expect(doc.locate(['model', 'provider'], 'value')).toMatchObject({ line: 2, column: 13 });
    expect(doc.locate(['model', 'nothing', 'deeper'], 'value')).toMatchObject({ line: 5, column: 3 });
  });

  it('reports the first syntax error with its line and column', () => {
    const result = parseYamlSource('/c/agent.yaml', 'name: a\nmodel:\n  provider: x\n   name: y\nname: b\n');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toHaveLength(1);
    expect(result.issues[0]).toMatchObject({
      code: 'SYNTAX',
      location: { file: '/c/agent.yaml', line: 3, column: 13 },
    });
    expect(result.issues[0]?.message).toMatch(/^YAML syntax error: /);
  });

  it('locates a value reached through an alias at the alias, not at its anchor', () => {
    const doc = parsed(
      'shared: &c { name: same, input: "q" }\nmodel: *c\ntest_cases:\n  - &t { name: a, input: "q" }\n  - *t\n',
    );
    expect(doc.locate(['test_cases', 1, 'name'], 'value')).toMatchObject({ line: 5, column: 5 });
    expect(doc.locate(['test_cases', 1, 'name'], 'key')).toMatchObject({ line: 5, column: 5 });
    expect(doc.locate(['test_cases', 1, 'expected'], 'parent')).toMatchObject({ line: 5, column: 5 });
    expect(doc.locate(['test_cases', 1], 'value')).toMatchObject({ line: 5, column: 5 });
    expect(doc.locate(['model', 'input'], 'value')).toMatchObject({ line: 2, column: 8 });
    // The key a value is aliased under is written beside the alias.
    expect(doc.locate(['model'], 'key')).toMatchObject({ line: 2, column: 1 });
    expect(doc.locate(['model'], 'value')).toMatchObject({ line: 2, column: 8 });
    // The anchored value itself is still where it is written.
    expect(doc.locate(['test_cases', 0, 'name'], 'value')).toMatchObject({ line: 4, column: 16 });
    expect(doc.locate(['shared', 'input'], 'value')).toMatchObject({ line: 1, column: 33 });
  });

  it('names the duplicated key of a flow mapping, not the key its line starts with', () => {
    const messages = (source: string) => {
      const result = parseYamlSource('/c/agent.yaml', source);
      return result.ok ? [] : result.issues.map((issue) => [issue.location?.column, issue.message]);
    };
    const duplicate = (key: string) => `YAML syntax error: the key \`${key}\` appears twice in the same mapping`;
    expect(messages('model: { provider: openai, endpoint: "http://a/v1", endpoint: "http://b/v1" }\n')).toEqual([
      [53, duplicate('endpoint')],
    ]);
    expect(messages('test_cases: [{name: a, input: b, input: c}]\n')).toEqual([[34, duplicate('input')]]);
    expect(messages("m: { \"a b\": 1, \"a b\" : 2, 'it''s': 3, 'it''s': 4 }\n")).toEqual([
      [16, duplicate('a b')],
      [39, duplicate("it's")],
    ]);
    expect(messages('m: {"x":1,"x":2}\n')).toEqual([[11, duplicate('x')]]);
  });

  it('explains duplicate keys and several documents', () => {
    const duplicate = parseYamlSource('/c/agent.yaml', 'name: a\nmodel: x\nname: b\n');
    expect(duplicate.ok || duplicate.issues[0]).toMatchObject({
      location: { line: 3, column: 1 },
      message: 'YAML syntax error: the key `name` appears twice in the same mapping',
      hint: 'remove or rename one of the two keys',
    });
    // Every duplicated key is its own mistake: all are reported.
    const several = parseYamlSource('/c/agent.yaml', 't:\n  - input: a\n    input: b\n  - { name: x, name: y }\n');
    expect(several.ok || several.issues.map((issue) => [issue.location?.line, issue.message])).toEqual([
      [3, 'YAML syntax error: the key `input` appears twice in the same mapping'],
      [4, 'YAML syntax error: the key `name` appears twice in the same mapping'],
    ]);
    const documents = parseYamlSource('/c/agent.yaml', 'name: a\n---\nname: b\n');
    expect(documents.ok || documents.issues[0]?.hint).toBe(
      'keep a single YAML document in the file (remove the `---` separator)',
    );
    expect(documents.ok || documents.issues[0]?.message).toBe(
      'YAML syntax error: the file holds more than one YAML document',
    );
  });

  it('says to quote a value that holds ": ", writing the line as it should be', () => {
    const text = 'test_cases:\n  - input: Question: how much was it?\n    name: a\n';
    const result = parseYamlSource('/c/agent.yaml', text);
    expect(result.ok || result.issues[0]).toMatchObject({
      location: { line: 2 },
      message: 'YAML syntax error: Nested mappings are not allowed in compact mappings',
      hint: 'a value holding ": " must be quoted — input: "Question: how much was it?"',
    });
    const commented = parseYamlSource('/c/agent.yaml', 'description: ratio: a to b # why\nname: x\n');
    expect(commented.ok || commented.issues[0]?.hint).toBe(
      'a value holding ": " must be quoted — description: "ratio: a to b"',
    );
  });

  it('says which line is indented deeper than the key above it, and with what to line it up', () => {
    const text = 'test_cases:\n  - name: t\n    input: q\n      ground_truth: a\n';
    const result = parseYamlSource('/c/agent.yaml', text);
    expect(result.ok || result.issues[0]).toMatchObject({
      location: { line: 3 },
      message:
        'YAML syntax error: the line after this one is indented deeper than this key, so it is read as part of this value',
      hint: 'line `ground_truth:` up with `input:` (4 characters in), or quote this value if the next line belongs to it',
    });
  });

  it('does not write out again the value of a key, token or password in the quoting hint', () => {
    for (const line of [
      '  api_key: sk-proj-Abc123: xyz987secret',
      '    Authorization: Bearer tok-123456789: x',
      '    GITHUB_PAT: ghp: zzsecretzz99',
      '    DB_PASS: secret: 1',
    ]) {
      const result = parseYamlSource('/c/agent.yaml', `model:\n  headers:\n${line}\nname: x\n`);
      const issue = result.ok ? null : result.issues[0];
      expect(issue?.hint).toMatch(
        /^a value holding ": " must be quoted — (api_key|Authorization|GITHUB_PAT|DB_PASS): "…"$/,
      );
      expect(JSON.stringify(issue)).not.toMatch(/secret|tok-/);
    }
  });

  it('locates an alias inside the value its own anchor names, which would hold itself', () => {
    for (const text of ['name: x\nturn_config: &tc { me: *tc }\n', 'a: &list\n  - 1\n  - [2, *list]\n']) {
      const result = parseYamlSource('/c/cases.yaml', text);
      expect(result.ok || result.issues[0]).toMatchObject({
        code: 'SYNTAX',
        location: { file: '/c/cases.yaml', line: text.startsWith('name') ? 2 : 3 },
      });
      expect(result.ok || result.issues[0]?.message).toMatch(/the alias \*(tc|list) is inside the value its anchor/);
    }
    // An alias beside its anchor, even to a value holding aliases itself, is fine.
    const shared = parseYamlSource('/c/a.yaml', 'a: &x { n: 1 }\nb: &y { x: *x }\nc: [*x, *y]\n');
    expect(shared.ok && shared.document.data).toEqual({
      a: { n: 1 },
      b: { x: { n: 1 } },
      c: [{ n: 1 }, { x: { n: 1 } }],
    });
  });

  it('reads lone carriage returns as line breaks, as YAML does, keeping lines and columns', () => {
    const broken = 'name: a\ntest_cases:\n  - input: "two\n      lines"\n    input: y\n';
    const result = parseYamlSource('/c/agent.yaml', broken.replaceAll('\n', '\r'));
    expect(result).toEqual(parseYamlSource('/c/agent.yaml', broken));
    expect(result.ok || result.issues[0]?.location).toMatchObject({ line: 5, column: 5 });
    const good = parseYamlSource('/c/agent.yaml', 'name: a\rtest_cases:\r  - input: |\r      42\r      43\r');
    expect(good.ok && good.document.data).toEqual({ name: 'a', test_cases: [{ input: '42\n43\n' }] });
    const crlf = parseYamlSource('/c/agent.yaml', 'name: a\r\ninput: "x\r\n  y"\r\n');
    expect(crlf.ok && crlf.document.data).toEqual({ name: 'a', input: 'x y' });
  });

  it('locates a syntax error on a flow line of a megabyte, with its hint, in one pass over the line', () => {
    // A JSON list of 20,000 cases saved as YAML, one case written wrongly at its end, then a long plain value.
    const cases = Array.from({ length: 20_000 }, (_, i) => `{"name": "c${i}", "input": "\${Q}"}`).join(', ');
    const flow = parseYamlSource('/c/cases.yaml', `[${cases}, {"name": "bad", "input": "x" "y"}]\n`);
    expect(flow.ok || flow.issues[0]).toMatchObject({
      location: { line: 1 },
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the hint describes the ${VAR} syntax
      hint: 'inside { } or [ ], quote ${VAR} references: "${VAR}"',
    });
    const spaced = parseYamlSource('/c/agent.yaml', `name: a\ninput: a: ${' '.repeat(200_000)}x #\n`);
    expect(spaced.ok || spaced.issues[0]?.location?.line).toBe(2);
  });

  it('prints nothing of its own for a collection used as a key (the checks say what is wrong)', () => {
    const warn = vi.spyOn(process, 'emitWarning');
    try {
      const result = parseYamlSource('/c/agent.yaml', 'name: a\nx:\n  ? [a, b]\n  : c\n');
      expect(result.ok).toBe(true);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('points an alias without its anchor at the alias, and says so in the words of the file', () => {
    const result = parseYamlSource('/c/agent.yaml', 'name: a\nnote: "*nope is text"\nlist:\n  - *nope\n');
    expect(result.ok || result.issues[0]).toMatchObject({
      location: { line: 4, column: 5 },
      message: 'YAML error: the alias *nope names no anchor set before it',
      hint: 'set the anchor (&nope) on a value above this line, or write the value here',
    });
  });

  it('says that brackets nested past what the parser can read are too deep, not that its stack overflowed', () => {
    const result = parseYamlSource('/c/agent.yaml', `name: a\nlist: ${'['.repeat(100_000)}\n`);
    expect(result.ok || result.issues[0]?.message).toBe(
      'YAML syntax error: brackets or indentation nested too deeply to read (far more levels than a configuration needs)',
    );
  });
});
