import { describe, expect, it } from 'vitest';
import { passAtK, passAtKList, passHatK, passHatKList } from './pass-at-k.js';

/** C(n, k) by Pascal's rule, independent of the products the estimators use. */
function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  const row = [1];
  for (let i = 1; i <= n; i += 1) {
    for (let j = i; j > 0; j -= 1) row[j] = (row[j] ?? 0) + (row[j - 1] ?? 0);
  }
  return row[k] ?? 0;
}

describe('passAtK', () => {
  it('matches 1 − C(n−c,k)/C(n,k) on known values', () => {
    // n=10, c=3: pass@1 = 0.3, pass@2 = 1 − C(7,2)/C(10,2) = 1 − 21/45, pass@5 = 1 − C(7,5)/C(10,5) = 1 − 21/252
    expect(passAtK(10, 3, 1)).toBeCloseTo(0.3, 12);
    expect(passAtK(10, 3, 2)).toBeCloseTo(1 - 21 / 45, 12);
    expect(passAtK(10, 3, 5)).toBeCloseTo(1 - 21 / 252, 12);
    // n−c < k: every draw of k holds a pass
    expect(passAtK(10, 3, 8)).toBe(1);
  });

  it('agrees with the binomial formula for every n ≤ 12, c and k', () => {
    for (let n = 1; n <= 12; n += 1)
      for (let c = 0; c <= n; c += 1)
        for (let k = 1; k <= n; k += 1) {
          expect(passAtK(n, c, k)).toBeCloseTo(1 - binomial(n - c, k) / binomial(n, k), 12);
          expect(passHatK(n, c, k)).toBeCloseTo(binomial(c, k) / binomial(n, k), 12);
        }
  });

  it('is 0 for every k when nothing passed, and 1 when everything did', () => {
    expect(passAtKList(8, 0)).toEqual(new Array(8).fill(0));
    expect(passAtKList(8, 8)).toEqual(new Array(8).fill(1));
  });

  it('with k = n is 1 as soon as one repeat passed', () => {
    expect(passAtK(8, 1, 8)).toBe(1);
    expect(passAtK(8, 0, 8)).toBe(0);
  });
});

describe('passHatK', () => {
  it('matches C(c,k)/C(n,k) on known values', () => {
    // τ-bench: n=8, c=6: pass^1 = 0.75, pass^2 = C(6,2)/C(8,2) = 15/28, pass^8 = 0
    expect(passHatK(8, 6, 1)).toBeCloseTo(0.75, 12);
    expect(passHatK(8, 6, 2)).toBeCloseTo(15 / 28, 12);
    expect(passHatK(8, 6, 6)).toBeCloseTo(1 / 28, 12);
    expect(passHatK(8, 6, 7)).toBe(0);
  });

  it('is 0 when nothing passed, 1 when everything did, and at k = n 1 only when every repeat passed', () => {
    expect(passHatKList(5, 0)).toEqual([0, 0, 0, 0, 0]);
    expect(passHatKList(5, 5)).toEqual([1, 1, 1, 1, 1]);
    expect(passHatK(5, 4, 5)).toBe(0);
  });

  it('never rises with k, and pass@1 = pass^1 = c/n', () => {
    const hat = passHatKList(9, 7);
    for (let k = 1; k < hat.length; k += 1) expect(hat[k]).toBeLessThanOrEqual(hat[k - 1]!);
    expect(passAtK(9, 7, 1)).toBeCloseTo(7 / 9, 12);
    expect(passHatK(9, 7, 1)).toBeCloseTo(7 / 9, 12);
  });

  it('with a single repeat is the verdict itself', () => {
    expect(passHatKList(1, 1)).toEqual([1]);
    expect(passAtKList(1, 0)).toEqual([0]);
  });
});

describe('counts out of range', () => {
  it.each([
    [0, 0, 1],
    [5, 6, 1],
    [5, -1, 1],
    [5, 2, 0],
    [5, 2, 6],
    [5.5, 2, 1],
  ])('n=%s c=%s k=%s is a RangeError naming them', (n, c, k) => {
    expect(() => passAtK(n, c, k)).toThrow(`(got n=${n}, c=${c}, k=${k})`);
    expect(() => passHatK(n, c, k)).toThrow(RangeError);
  });
});
