/**
 * Unbiased estimators over n repeats of which c passed, for k = 1..n:
 * - pass@k = 1 − C(n−c, k) / C(n, k): the chance that at least one of k repeats drawn without replacement
 *   passes (Chen et al. 2021, HumanEval);
 * - pass^k = C(c, k) / C(n, k): the chance that all k drawn repeats pass (Yao et al. 2024, τ-bench).
 * Both are computed as running products, so they stay exact for any n without big binomials.
 */

/** pass@k for one k; 0 ≤ c ≤ n, 1 ≤ k ≤ n. */
export function passAtK(n: number, c: number, k: number): number {
  checkCounts(n, c, k);
  if (n - c < k) return 1;
  // C(n−c, k) / C(n, k) = Π_{i<k} (n−c−i) / (n−i)
  let missAll = 1;
  for (let i = 0; i < k; i += 1) missAll *= (n - c - i) / (n - i);
  return 1 - missAll;
}

/** pass^k for one k; 0 ≤ c ≤ n, 1 ≤ k ≤ n. */
export function passHatK(n: number, c: number, k: number): number {
  checkCounts(n, c, k);
  if (c < k) return 0;
  // C(c, k) / C(n, k) = Π_{i<k} (c−i) / (n−i)
  let all = 1;
  for (let i = 0; i < k; i += 1) all *= (c - i) / (n - i);
  return all;
}

/** [pass@1, …, pass@n]. */
export function passAtKList(n: number, c: number): number[] {
  return Array.from({ length: n }, (_, i) => passAtK(n, c, i + 1));
}

/** [pass^1, …, pass^n]. */
export function passHatKList(n: number, c: number): number[] {
  return Array.from({ length: n }, (_, i) => passHatK(n, c, i + 1));
}

function checkCounts(n: number, c: number, k: number): void {
  if (!Number.isInteger(n) || !Number.isInteger(c) || !Number.isInteger(k) || n < 1 || c < 0 || c > n || k < 1 || k > n)
    throw new RangeError(`pass@k needs integers 0 ≤ c ≤ n and 1 ≤ k ≤ n (got n=${n}, c=${c}, k=${k})`);
}
