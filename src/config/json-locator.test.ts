import { describe, expect, it } from 'vitest';
import { findJsonPath } from './json-locator.js';
import { parseJsonSource } from './json-source.js';

/** 1-based line and column of the first occurrence of `needle` (computed independently of the locator). */
function positionOf(needle: string, from = 0): { line: number; column: number } {
  const offset = text.indexOf(needle, from);
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before[before.length - 1]?.length ?? 0) + 1 };
}

const text = `{
  "test_cases": [
    { "name": "a", "input": "x" },
    {
      "name": "b \\" quoted",
      "turns": [{ "input": "[not] {a} \\"container\\"" }, { "input": "q2", "count": 0 }],
      "we\\u0069rd": true
    }
  ]
}`;

describe('findJsonPath', () => {
  it('finds the offset of a value and of its key', () => {
    const hit = findJsonPath(text, ['test_cases', 1, 'turns', 1, 'count']);
    expect(hit.complete).toBe(true);
    expect(text.slice(hit.value, hit.value + 1)).toBe('0');
    expect(text.slice(hit.key ?? 0, (hit.key ?? 0) + 7)).toBe('"count"');
  });

  it('skips strings holding brackets and escaped quotes, and decodes escaped keys', () => {
    expect(findJsonPath(text, ['test_cases', 1, 'turns', 1, 'input']).complete).toBe(true);
    const weird = findJsonPath(text, ['test_cases', 1, 'weird']);
    expect(weird.complete).toBe(true);
    expect(text.slice(weird.value, weird.value + 4)).toBe('true');
  });

  it('stops at the deepest existing ancestor when the path is not there', () => {
    const hit = findJsonPath(text, ['test_cases', 0, 'turns', 2]);
    expect(hit.complete).toBe(false);
    expect(text.slice(hit.value, hit.value + 10)).toBe('{ "name": ');
  });
});

describe('parseJsonSource', () => {
  it('locates values, keys and parents by line and column', () => {
    const parsed = parseJsonSource('/x/cases.json', text);
    if (!parsed.ok) throw new Error('expected valid JSON');
    const { document } = parsed;
    const file = '/x/cases.json';
    const count = text.indexOf('"count"');
    expect(document.locate(['test_cases', 1, 'turns', 1, 'count'], 'value')).toEqual({
      file,
      ...positionOf('0', count),
    });
    expect(document.locate(['test_cases', 1, 'turns', 1, 'count'], 'key')).toEqual({ file, ...positionOf('"count"') });
    expect(document.locate(['test_cases', 0, 'missing'], 'parent')).toEqual({ file, line: 3, column: 5 });
  });

  it('reports a syntax error with its position', () => {
    const parsed = parseJsonSource('/x/cases.json', '[\n  { "name": "a", }\n]');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.issues[0]).toMatchObject({
      code: 'SYNTAX',
      location: { file: '/x/cases.json', line: 2, column: 18 },
    });
    expect(parsed.issues[0]?.message).toMatch(/^JSON syntax error: /);
  });

  it('places an error V8 gives no offset for using the YAML parser, and an unexpected end at the end', () => {
    const truncated = parseJsonSource('/x/c.json', '[\n  {"a": 1}');
    expect(truncated.ok || truncated.issues[0]?.location).toEqual({ file: '/x/c.json', line: 2, column: 11 });
    const unquoted = parseJsonSource('/x/c.json', '{\n  "a": [1, 2,, 3]\n}');
    expect(unquoted.ok || unquoted.issues[0]?.location?.line).toBe(2);
  });
});
