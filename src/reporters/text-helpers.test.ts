import { describe, expect, it } from 'vitest';
import { formatDuration, formatInteger, formatPercent, formatScore, formatSeconds } from './format-numbers.js';
import { mdCodeBlock, mdCodeSpan, mdInline, mdRow } from './markdown-escape.js';
import { consoleName, escapeControlChars, oneLine, truncateText } from './safe-text.js';
import { toJsonSafe } from './to-json-safe.js';
import { escapeInvalidXml, xmlAttr, xmlText } from './xml-escape.js';

describe('number formatting', () => {
  it.each([
    [0, '0ms'],
    [312.4, '312ms'],
    [4210, '4.2s'],
    [125_000, '2m 05s'],
    [3_720_000, '1h 02m'],
    [-1, '—'],
    [Number.NaN, '—'],
  ])('formatDuration(%s) = %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it('formats counts, percentages, scores and JUnit seconds', () => {
    expect(formatInteger(1234567)).toBe('1,234,567');
    for (const n of [0, 7, 999, 1000, 12345.6, -1234567, 999_999_999_999_999, 2 ** 53, 1e21, Number.NaN]) {
      const expected = Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '—';
      expect(formatInteger(n)).toBe(expected);
    }
    expect(formatPercent(2, 3)).toBe('66.7%');
    expect(formatPercent(0, 0)).toBe('—');
    // Short of all, or above none, is never rounded to 100% or 0%.
    expect(formatPercent(1999, 2000)).toBe('99.95%');
    expect(formatPercent(199_999, 200_000)).toBe('99.999%');
    expect(formatPercent(1, 20_000)).toBe('0.01%');
    expect(formatPercent(2000, 2000)).toBe('100.0%');
    expect(formatPercent(0, 2000)).toBe('0.0%');
    expect(formatPercent(999, 1000)).toBe('99.9%');
    expect(formatScore(0.123456)).toBe('0.123');
    expect(formatScore(1)).toBe('1');
    expect(formatScore(null)).toBe('—');
    expect(formatScore(0.0004)).toBe('0.0004');
    expect(formatScore(0.9996)).toBe('0.9996');
    expect(formatSeconds(1234)).toBe('1.234');
    expect(formatSeconds(Number.NaN)).toBe('0.000');
  });
});

describe('safe text', () => {
  it('makes control characters visible but keeps tabs and newlines', () => {
    expect(escapeControlChars('a\u001b[2Jb\r\nc\td\u0000\u009b')).toBe('a\\x1b[2Jb\nc\td\\x00\\x9b');
  });

  it('makes the bidirectional controls visible, which would reorder what follows them, and keeps other text', () => {
    expect(escapeControlChars('ok \u202edeliaf\u202c \u2066x\u2069')).toBe('ok \\u202edeliaf\\u202c \\u2066x\\u2069');
    expect(escapeControlChars('a\u200fb\u061c')).toBe('a\\u200fb\\u061c');
    expect(escapeControlChars('שלום مرحبا 😀 é')).toBe('שלום مرحبا 😀 é');
  });

  it('makes invisible characters visible in console names and Markdown, so log\u200bin does not read as login', () => {
    expect(consoleName('log\u200bin')).toBe('log\\u200bin');
    expect(mdInline('log\u200bin \u2060\ufeff\u00ad')).toBe('log\\\\u200bin \\\\u2060\\\\ufeff\\\\xad');
    expect(mdCodeBlock('ok\u200b')).toBe('```text\nok\\u200b\n```');
  });

  it('truncates by characters with a note, and flattens to one line', () => {
    expect(truncateText('😀😀😀😀', 2)).toBe('😀😀… [truncated: 4 characters in total]');
    expect(truncateText('short', 10)).toBe('short');
    expect(oneLine('a\nb', 10)).toBe('a ⏎ b');
    expect(oneLine('abcdefghij', 5)).toBe('abcd…');
  });
});

describe('markdown escaping', () => {
  it('neutralises inline Markdown and HTML', () => {
    expect(mdInline('<b>*x*</b> [l](u) `c` a|b\nc & d # #')).toBe(
      '&lt;b&gt;\\*x\\*&lt;/b&gt; \\[l\\](u) \\`c\\` a\\|b<br>c &amp; d \\# \\#',
    );
  });

  it('fences blocks longer than any backtick run inside', () => {
    expect(mdCodeBlock('a ``` b')).toBe('````text\na ``` b\n````');
    expect(mdCodeBlock('plain')).toBe('```text\nplain\n```');
  });

  it('builds code spans that cannot be closed early', () => {
    expect(mdCodeSpan('a`b')).toBe('``a`b``');
    expect(mdCodeSpan('`x`')).toBe('`` `x` ``');
    expect(mdCodeSpan('')).toBe('` `');
    expect(mdCodeSpan('l1\nl2')).toBe('`l1 ⏎ l2`');
  });

  it('escapes pipes in table rows once', () => {
    expect(mdRow([mdInline('a|b'), '`c|d`'])).toBe('| a\\|b | `c\\|d` |');
  });
});

describe('xml escaping', () => {
  it('writes characters XML cannot carry, lone surrogates included, as the console does', () => {
    expect(escapeInvalidXml('a\u0000b\u001bc\uFFFEd\uD800e😀\tf')).toBe('a\\x00b\\x1bc\\ufffed\\ud800e😀\tf');
  });

  it('encodes markup in text and attributes', () => {
    expect(xmlText('<a> & ]]>')).toBe('&lt;a&gt; &amp; ]]&gt;');
    expect(xmlAttr(`"q" 'a' <\n>`)).toBe('&quot;q&quot; &apos;a&apos; &lt;&#10;&gt;');
  });
});

describe('toJsonSafe', () => {
  it('turns runtime values into plain JSON', () => {
    const shared = { v: 1 };
    expect(
      toJsonSafe({
        a: undefined,
        b: () => 1,
        c: [undefined, Number.POSITIVE_INFINITY],
        d: new Map([['k', 1]]),
        e: new Set([1]),
        f: new Error('boom'),
        g: new Uint8Array(3),
        h: [shared, shared],
        i: new Date(Number.NaN),
      }),
    ).toEqual({
      c: [null, null],
      d: { k: 1 },
      e: [1],
      f: { name: 'Error', message: 'boom' },
      g: '[3 bytes]',
      h: [{ v: 1 }, { v: 1 }],
      i: null,
    });
    expect(toJsonSafe(undefined)).toBeUndefined();
  });

  it('keeps a __proto__ key as a key (a model may send one as a tool argument)', () => {
    const args = JSON.parse('{"__proto__": {"x": 1}, "b": 2}') as unknown;
    const safe = toJsonSafe(args);
    expect(JSON.stringify(safe)).toBe('{"__proto__":{"x":1},"b":2}');
    expect(Object.getPrototypeOf(safe)).toBe(Object.prototype);
  });
});
