import { describe, expect, it } from 'vitest';
import { findDuplicateJsonKey } from './duplicate-json-key.js';

describe('findDuplicateJsonKey', () => {
  it('finds the second of two keys in one object, at any depth', () => {
    expect(findDuplicateJsonKey('{"a": 1, "a": 2}')).toEqual({ key: 'a', offset: 9 });
    const nested = '[{"x": [1, {"k": {}, "k": []}]}]';
    expect(findDuplicateJsonKey(nested)).toEqual({ key: 'k', offset: nested.lastIndexOf('"k"') });
  });

  it('tells keys from values and from other objects', () => {
    expect(findDuplicateJsonKey('{"a": "a", "b": ["a", "a"], "c": {"a": 1}, "d": [{"a": 1}, {"a": 2}]}')).toBeNull();
    expect(findDuplicateJsonKey('[]')).toBeNull();
    expect(findDuplicateJsonKey('"just a string"')).toBeNull();
    expect(findDuplicateJsonKey('{}')).toBeNull();
  });

  it('reads escapes: quotes and backslashes in strings, and keys spelt with escapes', () => {
    expect(findDuplicateJsonKey('{"a": "say \\"b\\": 1, \\\\", "b": 2}')).toBeNull();
    expect(findDuplicateJsonKey('{"q\\\\": 1, "q\\\\": 2}')?.key).toBe('q\\');
    expect(findDuplicateJsonKey('{"\\u0061": 1, "a": 2}')).toEqual({ key: 'a', offset: 14 });
  });
});
