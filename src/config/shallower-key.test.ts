import { describe, expect, it } from 'vitest';
import { parseYamlSource } from './yaml-source.js';

function firstIssue(text: string) {
  const result = parseYamlSource('/c/agent.yaml', text);
  return result.ok ? null : result.issues[0];
}

describe('a key indented less than the key above it', () => {
  it('in a list item: names both keys, at the key that falls short, with the column to line up with', () => {
    const text =
      'name: x\ntest_cases:\n  - name: a\n    turns:\n      - input: hi\n        ground_truth: "1"\n' +
      '      - input: The screen is cracked.\n       ground_truth: "120"\n        evaluations: []\n';
    expect(firstIssue(text)).toMatchObject({
      location: { line: 8, column: 8 },
      message: 'YAML syntax error: `ground_truth` is indented less than `input` above it: keys of one mapping line up',
      hint: 'line `ground_truth:` up with `input:` (8 characters in)',
    });
  });

  it('in a mapping, past a nested value above it', () => {
    const text = 'model:\n  provider: openai\n  headers:\n    x: 1\n name: gpt\n';
    expect(firstIssue(text)).toMatchObject({
      location: { line: 5, column: 2 },
      message: 'YAML syntax error: `name` is indented less than `headers` above it: keys of one mapping line up',
      hint: 'line `name:` up with `headers:` (2 characters in)',
    });
  });

  it('under a list item that starts with its first key', () => {
    const text = 'test_cases:\n  - name: a\n    input: q\n    expected_tools:\n      - name: lookup\n      args: {}\n';
    expect(firstIssue(text)).toMatchObject({
      location: { line: 6, column: 7 },
      hint: 'line `args:` up with `name:` (8 characters in)',
    });
  });

  it('leaves the missing quote and bracket hints where a quote or a bracket is missing', () => {
    expect(firstIssue('test_cases:\n  - name: a\n    input: "q\n  - name: b\n    input: q\n')).toMatchObject({
      message: 'YAML syntax error: Missing closing "quote',
      hint: 'a closing quote or bracket is missing',
    });
    const bracket = 'test_cases:\n  - name: a\n    input: q\n    expected_tools: [a, b\n  - name: b\n';
    expect(firstIssue(bracket)?.message).toMatch(/end with a \]$/);
  });
});
