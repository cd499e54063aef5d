import { describe, expect, it } from 'vitest';
import { createLinearAjv } from './linear-ajv.js';
import {
  compileSchemaPattern,
  linearRegExpEngine,
  RefusedPatternError,
  rewriteEcmaPattern,
} from './linear-reg-exp-engine.js';

const engine = linearRegExpEngine('throw');
const matches = (pattern: string, text: string): boolean => engine(pattern, 'u').test(text);

describe('linearRegExpEngine: JSON Schema patterns match as ECMA-262 (u flag) reads them', () => {
  const white = ['\u00a0', '\u000b', '\u2003', '\u3000', '\ufeff', '\u1680', '\u2028', '\u202f', '\t', ' '];

  it('\\S refuses Unicode white space: ^\\S+$ fails ab<space>cd for each of them', () => {
    for (const space of white) {
      const text = `ab${space}cd`;
      expect(matches('^\\S+$', text), JSON.stringify(text)).toBe(false);
      expect(matches('\\s', text), JSON.stringify(text)).toBe(true);
    }
    expect(matches('^\\S+$', 'abcd')).toBe(true);
  });

  it('. refuses every line terminator: ^.+$ fails a\\u2028b, a\\rb, a\\nb, but (?s) lets it through', () => {
    for (const text of ['a\u2028b', 'a\rb', 'a\nb', 'a\u2029b']) expect(matches('^.+$', text)).toBe(false);
    expect(matches('^.+$', 'a\u0085b')).toBe(true);
    expect(matches('(?s)^.+$', 'a\u2028b')).toBe(true);
    expect(matches('^(?s:.)+$', 'a\rb')).toBe(true);
    expect(matches('^(?s:a)(.)$', 'a\r')).toBe(false);
  });

  it('reads \\s inside a class as its members, and \\S in a class as an alternative', () => {
    expect(matches('^[\\s]$', '\u00a0')).toBe(true);
    expect(matches('^[^\\s]$', '\u3000')).toBe(false);
    expect(matches('^[a\\S]$', 'b')).toBe(true);
    expect(matches('^[a\\S]$', '\u00a0')).toBe(false);
    expect(matches('^[\\s\\S]+$', 'a\n\u2028')).toBe(true);
  });

  it('leaves an escaped backslash alone: \\\\s is a backslash and an s; \\] does not close a class', () => {
    expect(matches('^\\\\s$', '\\s')).toBe(true);
    expect(matches('^\\\\s$', ' ')).toBe(false);
    expect(matches('^[\\].]+$', '].')).toBe(true);
    expect(matches('^[\\].]+$', ']\r')).toBe(false);
  });

  it('runs [^], [], \\cJ and \\p{Script=Greek} as JavaScript does', () => {
    expect(matches('^a[^]b$', 'a\nb')).toBe(true);
    expect(matches('a[]', 'a')).toBe(false);
    expect(matches('^\\cJ$', '\n')).toBe(true);
    expect(matches('^\\p{Script=Greek}+$', 'αβγ')).toBe(true);
    expect(matches('^\\p{Script=Greek}+$', 'abc')).toBe(false);
    expect(matches('^\\p{Letter}$', 'é')).toBe(true);
  });

  it('refuses \\S inside a negated class at load, naming the pattern', () => {
    expect(() => engine('[^a\\S]', 'u')).toThrow(RefusedPatternError);
    expect(() => engine('[^a\\S]', 'u')).toThrow('invalid regular expression "[^a\\\\S]": \\S inside a negated');
  });

  it('leaves \\Q…\\E quoted text as it is', () => {
    expect(rewriteEcmaPattern('\\Q.\\s\\E.')).toEqual({ ok: true, source: '\\Q.\\s\\E[^\\n\\r\\x{2028}\\x{2029}]' });
  });

  it('applies to a json_schema check: {id: ^\\S+$} fails ab\\u00a0cd and ab\\u000bcd', () => {
    const ajv = createLinearAjv('draft-07', { allErrors: true, strict: true, logger: false }, 'throw');
    const schema = { type: 'object', properties: { id: { type: 'string', pattern: '^\\S+$' } } };
    const validate = ajv.compile(schema);
    expect(validate({ id: 'ab\u00a0cd' })).toBe(false);
    expect(validate({ id: 'ab\u000bcd' })).toBe(false);
    expect(validate({ id: 'abcd' })).toBe(true);
  });
});

describe('linearRegExpEngine: agrees with new RegExp(pattern, "u") on random short strings', () => {
  const PATTERNS = [
    '^\\S+$',
    '\\s',
    '^.+$',
    '^.*$',
    'a.b',
    '^[\\s]+$',
    '[^\\s]',
    '^\\w+\\s\\w+$',
    '^\\d{2}$',
    '\\bab\\b',
    '^[a\\s]*$',
    '^[\\s\\S]$',
    '^(a|\\s)+$',
    '^[^]$',
    '^\\cJ',
    '^[\\S]+$',
    '^[^.]+$',
    '\\.',
    '^a+?\\s*b$',
  ];
  const ALPHABET = [
    'a',
    'b',
    '1',
    '_',
    '.',
    ' ',
    '\t',
    '\n',
    '\r',
    '\u000b',
    '\u00a0',
    '\u2028',
    '\u3000',
    '\ufeff',
    'é',
  ];
  let seed = 7;
  const random = (below: number): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % below;
  };

  it.each(PATTERNS)('%s', (pattern) => {
    const js = new RegExp(pattern, 'u');
    const re2 = engine(pattern, 'u');
    for (let n = 0; n < 400; n += 1) {
      const length = random(5);
      let text = '';
      for (let k = 0; k < length; k += 1) text += ALPHABET[random(ALPHABET.length)];
      expect(re2.test(text), JSON.stringify(text)).toBe(js.test(text));
    }
  });
});

describe('compileSchemaPattern', () => {
  it('compiles what the engine runs, and refuses what it refuses', () => {
    const compiled = compileSchemaPattern('^[^]\\S$');
    expect(compiled.ok && compiled.regex.search('\n\u00a0')).toBe(false);
    expect(compiled.ok && compiled.regex.search('\na')).toBe(true);
    expect(compileSchemaPattern('[^a\\S]')).toMatchObject({
      ok: false,
      reason: '\\S inside a negated class is not supported',
    });
  });
});
