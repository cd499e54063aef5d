import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lcsLength, lcsReferenceIndices, MAX_LCS_TABLE_CELLS } from './lcs.js';

/** The textbook table, row by row. */
function tableLength(a: readonly string[], b: readonly string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const token of a) {
    const row = [0];
    for (let j = 1; j <= b.length; j += 1) {
      row.push(token === b[j - 1] ? (previous[j - 1] ?? 0) + 1 : Math.max(previous[j] ?? 0, row[j - 1] ?? 0));
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}

const tokens = (max: number) => fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { maxLength: max });

describe('lcsLength', () => {
  it('equals the table-filling LCS, across the 32-bit words the bit vector spans', () => {
    fc.assert(
      fc.property(tokens(140), tokens(140), (a, b) => {
        expect(lcsLength(a, b)).toBe(tableLength(a, b));
        expect(lcsLength(b, a)).toBe(tableLength(a, b));
      }),
      { numRuns: 400 },
    );
  });

  it('handles carries through every word, and tokens only one side has', () => {
    const same = Array.from({ length: 100 }, () => 'x');
    expect(lcsLength(same, same)).toBe(100);
    expect(lcsLength(same, ['y', ...same.slice(0, 33), 'z'])).toBe(33);
    expect(lcsLength(['p', 'q'], ['r'])).toBe(0);
  });

  it('measures a long answer against a long reference without a table', () => {
    const answer = Array.from({ length: 300_000 }, (_, index) => `w${index % 5000}`);
    const reference = Array.from({ length: 4_000 }, (_, index) => `w${(index * 7) % 5000}`);
    // 1.2 billion cells as a table (4.8 GB); the bit vector holds 125 words.
    expect(lcsLength(reference, answer)).toBeGreaterThan(0);
  });
});

describe('lcsReferenceIndices', () => {
  it('gives no indices rather than a table beyond the cell limit', () => {
    const side = Math.ceil(Math.sqrt(MAX_LCS_TABLE_CELLS)) + 1;
    const long = Array.from({ length: side }, () => 'a');
    expect(lcsReferenceIndices(long, long)).toBeNull();
    expect(lcsReferenceIndices(['a', 'b', 'c'], ['a', 'c'])).toEqual([0, 2]);
  });
});
