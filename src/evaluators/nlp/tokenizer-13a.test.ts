import { describe, expect, it } from 'vitest';
import { tokenize13a } from './tokenizer-13a.js';

describe('tokenize13a', () => {
  it.each([
    ['Hello, world!', 'Hello , world !'],
    ['The cat sat on the mat.', 'The cat sat on the mat .'],
    ['25,587.5 and 3-4 items', '25,587.5 and 3 - 4 items'],
    ['x.y,z 1.2,3', 'x . y , z 1.2,3'],
    ['e.g. U.S. sales.', 'e . g . U . S . sales .'],
    ['$206,588 (10.9%)', '$ 206,588 ( 10.9 % )'],
    ["don't state-of-the-art", "don't state-of-the-art"],
    ['a/b {c} [d] ~e^ `f` @g', 'a / b { c } [ d ] ~ e ^ ` f ` @ g'],
  ])('%j → %j', (text, expected) => {
    expect(tokenize13a(text)).toBe(expected);
  });

  it('unescapes the SGML entities for quote, ampersand and angle brackets', () => {
    expect(tokenize13a('It&amp;s &quot;ok&quot; &lt;b&gt;')).toBe('It & s " ok " < b >');
  });

  it('drops <skipped>, joins hyphenated line breaks and turns other newlines into spaces', () => {
    expect(tokenize13a('a <skipped> b')).toBe('a b');
    expect(tokenize13a('state-\nof-the-art\nmodels')).toBe('stateof-the-art models');
  });

  it("splits on Python's whitespace, which includes NBSP and ideographic space", () => {
    expect(tokenize13a('net\u00a0income\u3000grew\ttoday')).toBe('net income grew today');
  });

  it('keeps non-ASCII letters and symbols inside tokens', () => {
    expect(tokenize13a('Café — naïve 净利润10%')).toBe('Café — naïve 净利润10 %');
  });

  it('returns an empty string for blank text', () => {
    expect(tokenize13a('')).toBe('');
    expect(tokenize13a(' \n\t ')).toBe('');
  });
});
