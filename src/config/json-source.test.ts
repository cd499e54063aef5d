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
});
