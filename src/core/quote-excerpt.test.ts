import { describe, expect, it } from 'vitest';
import { quoteExcerpt } from './quote-excerpt.js';

describe('quoteExcerpt', () => {
  it('quotes a short text whole, escaped as JSON', () => {
    expect(quoteExcerpt('12 "m"\n')).toBe('"12 \\"m\\"\\n"');
  });

  it('cuts a long text and says its length, never between the halves of a surrogate pair', () => {
    expect(quoteExcerpt('1'.repeat(3_000_000), 5)).toBe('"11111…" (3,000,000 characters)');
    expect(quoteExcerpt(`abcd${'😀'.repeat(5)}`, 5)).toBe('"abcd…" (14 characters)');
  });
});
