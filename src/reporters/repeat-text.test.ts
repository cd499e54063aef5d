import { describe, expect, it } from 'vitest';
import { estimatesText } from './repeat-text.js';

describe('estimatesText', () => {
  it('writes two decimals, more where two would round a value short of 1 to 1.00 or above 0 to 0.00', () => {
    expect(estimatesText([1, 0.54, 0.27, 0])).toBe('1.00 0.54 0.27 0.00');
    expect(estimatesText([0.999, 0.998, 0.0004])).toBe('0.999 0.998 0.0004');
    expect(estimatesText([0.9999999])).toBe('0.9999999');
  });

  it('shows ten values, … and the last when there are more than a dozen', () => {
    const values = Array.from({ length: 1000 }, (_, i) => 1 - i / 1000);
    const text = estimatesText(values);
    expect(text.split(' ')).toHaveLength(12);
    expect(text).toBe('1.00 0.999 0.998 0.997 0.996 0.99 0.99 0.99 0.99 0.99 … 0.001');
  });
});
