import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_TEXT_LENGTH, textCaps } from './cap-text.js';
import { countChars, cutIndex, oneLine, oneLineNoted, truncateText } from './safe-text.js';

describe('textCaps', () => {
  const caps = textCaps(10);

  it('cuts long texts with a note and leaves short ones and null alone', () => {
    expect(caps.text('0123456789')).toBe('0123456789');
    expect(caps.text('0123456789ABC')).toBe('0123456789… [truncated: 13 characters in total]');
    expect(caps.nullable(null)).toBeNull();
  });

  it('keeps the shape of a JSON value whose text is too long, cutting its strings and its items past the cap', () => {
    expect(caps.json({ a: 1 })).toEqual({ a: 1 });
    expect(caps.json([1, 2, 3, 4, 5, 6, 7])).toEqual([
      1,
      2,
      3,
      4,
      '… 3 more items (the value is longer than --max-text-length)',
    ]);
    expect(textCaps(30).json({ rows: [1, 2], note: 'y'.repeat(50), more: 1 })).toEqual({
      rows: [1, 2],
      note: 'yyyyyy… [truncated: 50 characters in total]',
      '…': '1 more keys (the value is longer than --max-text-length)',
    });
    const longKey = textCaps(50).json({ ['k'.repeat(10_000)]: 1 });
    expect(JSON.stringify(longKey).length).toBeLessThan(150);
    const wide = textCaps(100).json({ actual: 'x'.repeat(10_000), expected: 'x' });
    expect(wide).toMatchObject({
      actual: expect.stringMatching(/^x{80,}… \[truncated: 10,000 characters in total\]$/),
    });
    expect(caps.json('abcdefghijkl')).toBe('abcdefghij… [truncated: 12 characters in total]');
    expect(caps.json(42)).toBe(42);
    expect(caps.json(null)).toBeNull();
  });

  it('has a generous default and can be switched off', () => {
    expect(DEFAULT_MAX_TEXT_LENGTH).toBe(100_000);
    const text = 'x'.repeat(200_000);
    expect(textCaps(Number.POSITIVE_INFINITY).text(text)).toBe(text);
    expect(textCaps().text(text)).toContain('[truncated: 200,000 characters in total]');
  });
});

describe('cutting huge text', () => {
  const huge = `${'é😀\n'.repeat(10_000_000)}`;

  it('never splits a surrogate pair and counts characters, not UTF-16 units', () => {
    expect(cutIndex('a😀b', 2)).toBe(3);
    expect(cutIndex('a😀', 2)).toBe(-1);
    expect(countChars('a😀b')).toBe(3);
    expect(oneLineNoted('a\nb', 10)).toBe('a ⏎ b');
    expect(oneLineNoted('abcdefghijk', 5)).toBe('abcd… [truncated: 11 characters in total]');
  });

  it('stays fast and small on a 40-million-unit string', () => {
    const started = performance.now();
    expect(truncateText(huge, 5)).toBe('é😀\né😀… [truncated: 30,000,000 characters in total]');
    expect(oneLine(huge, 6)).toBe('é😀 ⏎ …');
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
