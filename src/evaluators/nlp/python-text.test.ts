import { describe, expect, it } from 'vitest';
import { codePointLength, pythonRstrip, pythonSplit, withOneUnitPerCodePoint } from './python-text.js';

describe('pythonSplit', () => {
  it('splits on runs of whitespace without empty strings', () => {
    expect(pythonSplit('  the   cat\tsat \n on the mat  ')).toEqual(['the', 'cat', 'sat', 'on', 'the', 'mat']);
    expect(pythonSplit('')).toEqual([]);
    expect(pythonSplit(' \t\n ')).toEqual([]);
  });

  it("uses Python's whitespace set, not JavaScript's", () => {
    expect(pythonSplit('a\u00a0b\u3000c\u2009d\u0085e\u001cf')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(pythonSplit('a\ufeffb\u200bc')).toEqual(['a\ufeffb\u200bc']);
  });

  it('leaves punctuation attached', () => {
    expect(pythonSplit('Hello, world!')).toEqual(['Hello,', 'world!']);
  });
});

describe('pythonRstrip', () => {
  it('strips trailing Python whitespace only', () => {
    expect(pythonRstrip('  a b \u00a0\n\u0085')).toBe('  a b');
    expect(pythonRstrip('a\ufeff')).toBe('a\ufeff');
    expect(pythonRstrip('   ')).toBe('');
  });
});

describe('codePointLength', () => {
  it('counts an astral character once', () => {
    expect(codePointLength('🚀')).toBe(1);
    expect(codePointLength('a🚀b😀')).toBe(4);
    expect(codePointLength('Straße')).toBe(6);
  });
});

describe('withOneUnitPerCodePoint', () => {
  it('passes BMP text through unchanged', () => {
    expect(withOneUnitPerCodePoint('abc', (text) => `${text}|${text.length}`)).toBe('abc|3');
  });

  it('gives the transform one unit per code point and restores astral characters', () => {
    expect(withOneUnitPerCodePoint('a🚀b😀', (text) => `${text.length}:${text.slice(1)}`)).toBe('4:🚀b😀');
  });

  it('keeps distinct astral characters distinct and equal ones equal', () => {
    expect(withOneUnitPerCodePoint('🚀😀🚀', (text) => String([text[0] === text[2], text[0] === text[1]]))).toBe(
      'true,false',
    );
  });

  it('does not confuse a substitute with a private-use character already in the text', () => {
    expect(withOneUnitPerCodePoint('\ue000🚀', (text) => String(text[0] === text[1]))).toBe('false');
    expect(withOneUnitPerCodePoint('\ue000🚀', (text) => text)).toBe('\ue000🚀');
  });
});
