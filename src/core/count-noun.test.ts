import { describe, expect, it } from 'vitest';
import { countNoun } from './count-noun.js';

describe('countNoun', () => {
  it('puts the noun in the number the count takes', () => {
    expect(countNoun(1, 'test case')).toBe('1 test case');
    expect(countNoun(0, 'turn')).toBe('0 turns');
    expect(countNoun(2, 'repeat')).toBe('2 repeats');
    expect(countNoun(3, 'child', 'children')).toBe('3 children');
  });
});
