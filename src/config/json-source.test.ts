import { describe, expect, it } from 'vitest';
import { parseJsonSource } from './json-source.js';

describe('parseJsonSource', () => {
  it('keeps a syntax error on one line: the text V8 quotes around it is shown with its line breaks escaped', () => {
    const result = parseJsonSource('/c/cases.json', '[\n  {\n    "input": tru\n  }\n]\n');
    expect(result.ok).toBe(false);
    const message = result.ok ? '' : (result.issues[0]?.message ?? '');
    expect(message).toMatch(/^JSON syntax error: /);
    expect(message).not.toMatch(/[\n\r]/);
    expect(message).toContain('\\n');
  });

  it('says to remove a trailing comma, before a } or a ]', () => {
    for (const text of ['{"name": "t", "cases": [{"input": "q",}]}', '{"cases": [1, 2,\n]}']) {
      const result = parseJsonSource('/c/cases.json', text);
      expect(result.ok || result.issues[0]?.hint).toBe(
        'remove the comma before the closing bracket: JSON allows none there',
      );
    }
    const other = parseJsonSource('/c/cases.json', '{"name": "t" "x": 1}');
    expect(other.ok || other.issues[0]?.hint).toBeNull();
  });

  it('locates an error V8 gives no position for: at the character that cannot be there', () => {
    const result = parseJsonSource('/c/cases.json', '[\n  {\n    "input": tru\n  }\n]\n');
    expect(result.ok || result.issues[0]?.location).toEqual({ file: '/c/cases.json', line: 3, column: 17 });
    const stray = parseJsonSource('/c/cases.json', '{\n  "a": 1\n} x');
    expect(stray.ok || stray.issues[0]?.location).toEqual({ file: '/c/cases.json', line: 3, column: 3 });
  });

  it('locates an error V8 gives the position of', () => {
    const result = parseJsonSource('/c/cases.json', '[\n  {"a": 1,}\n]');
    expect(result.ok || result.issues[0]?.location).toEqual({ file: '/c/cases.json', line: 2, column: 11 });
  });

  it('refuses a key written twice in one object, at the second, as YAML does: JSON.parse would keep the last', () => {
    const result = parseJsonSource('/c/cases.json', '[\n  {"name": "a", "input": "first",\n   "input": "second"}\n]');
    expect(result.ok).toBe(false);
    expect(result.ok || result.issues[0]).toMatchObject({
      message: 'the key `input` appears twice in the same object',
      location: { file: '/c/cases.json', line: 3, column: 4 },
    });
    const lists = parseJsonSource('/c/cases.json', '{"test_cases": [], "test_cases": [{"name": "b"}]}');
    expect(lists.ok || lists.issues[0]?.message).toBe('the key `test_cases` appears twice in the same object');
  });
});
