import { describe, expect, it } from 'vitest';
import { hiddenDifference } from './hidden-difference.js';

describe('hiddenDifference', () => {
  it('names a difference in Unicode form by code point', () => {
    expect(hiddenDifference('caf\u00e9', 'cafe\u0301')).toBe(
      'they differ only in Unicode form (composed vs decomposed characters): at character 4, expected U+00E9, got U+0065 U+0301',
    );
  });

  it('names an invisible character', () => {
    expect(hiddenDifference('206588', '206\u200b588')).toBe(
      'they differ only in invisible characters: at character 4, expected U+0035 U+0038, got U+200B U+0035',
    );
    expect(hiddenDifference('ok', '\ufeffok')).toContain('invisible characters: at character 1');
  });

  it('says nothing of equal texts or of differences anyone can see', () => {
    expect(hiddenDifference('a', 'a')).toBeNull();
    expect(hiddenDifference('café', 'cafe')).toBeNull();
    expect(hiddenDifference('1', '1 ')).toBeNull();
  });
});
