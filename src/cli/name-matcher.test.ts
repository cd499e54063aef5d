import { describe, expect, it } from 'vitest';
import { nameMatcher } from './name-matcher.js';

/** What the patterns meant as a case-insensitive, dot-all JavaScript RegExp over the whole name. */
function regexMatcher(pattern: string): (name: string) => boolean {
  if (!/[*?]/.test(pattern)) return (name) => name.toLowerCase().includes(pattern.toLowerCase());
  const source = [...pattern]
    .map((ch) => (ch === '*' ? '.*' : ch === '?' ? '.' : ch.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  const regex = new RegExp(`^${source}$`, 'is');
  return (name) => regex.test(name);
}

describe('nameMatcher', () => {
  it('matches a substring without wildcards, and the whole name with them, ignoring letter case', () => {
    expect(nameMatcher('KHY')('JKHY-2009')).toBe(true);
    expect(nameMatcher('jkhy*')('JKHY-2009')).toBe(true);
    expect(nameMatcher('khy*')('JKHY-2009')).toBe(false);
    expect(nameMatcher('*200?')('JKHY-2009')).toBe(true);
    expect(nameMatcher('*200?')('JKHY-20099')).toBe(false);
    expect(nameMatcher('a*b*c')('a\nb\nc')).toBe(true);
    expect(nameMatcher('*')('')).toBe(true);
    expect(nameMatcher('?')('')).toBe(false);
    expect(nameMatcher('straße*')('STRASSE-1')).toBe(false);
    expect(nameMatcher('ÉTÉ-?')('été-1')).toBe(true);
    expect(nameMatcher('a.c*')('abc')).toBe(false);
  });

  it('answers at once where a backtracking regex takes minutes: *a*a*a*a*a*a*a*b against a long run of a', () => {
    const patterns = ['*a*a*a*a*a*a*a*b', `${'*a'.repeat(30)}*b`];
    for (const pattern of patterns) {
      expect(nameMatcher(pattern)('a'.repeat(5000))).toBe(false);
      expect(nameMatcher(pattern)(`${'a'.repeat(5000)}b`)).toBe(true);
      expect(nameMatcher(pattern)(`b${'a'.repeat(5000)}`)).toBe(false);
    }
  });

  it('agrees with the regex reading on many names and patterns', () => {
    const alphabet = ['a', 'B', 'b', '-', '.', '*', '?', 'é', 'É', '\n'];
    let seed = 7;
    const pick = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return alphabet[seed % alphabet.length] as string;
    };
    const text = (length: number) => Array.from({ length }, pick).join('');
    for (let i = 0; i < 3000; i += 1) {
      const pattern = text(1 + (i % 6));
      const name = text(i % 9)
        .replaceAll('*', 'x')
        .replaceAll('?', 'y');
      expect(nameMatcher(pattern)(name), `${JSON.stringify(pattern)} on ${JSON.stringify(name)}`).toBe(
        regexMatcher(pattern)(name),
      );
    }
  });
});
