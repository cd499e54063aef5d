import { describe, expect, it } from 'vitest';
import { knownKeys, unknownKey } from './unknown-key.js';

describe('unknownKey', () => {
  const known = knownKeys(['score', 'passed'], { pass: 'passed' });

  it('names the first own key not allowed, with the one it stands for when known', () => {
    expect(unknownKey({ score: 1, pass: false }, known)).toEqual({ key: 'pass', meant: 'passed' });
    expect(unknownKey({ score: 1, verdict: 'no' }, known)).toEqual({ key: 'verdict', meant: null });
    expect(unknownKey({ score: 1, passed: true }, known)).toBeNull();
  });

  it('passes over inherited keys, and keys that name what objects inherit', () => {
    expect(unknownKey(Object.assign(Object.create({ pass: 1 }), { score: 1 }), known)).toBeNull();
    expect(unknownKey({ toString: 'x' }, known)).toEqual({ key: 'toString', meant: null });
  });
});
