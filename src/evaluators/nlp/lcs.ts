/** Longest common subsequence of two token sequences, as ROUGE-L uses it. */

/** The (|ref|+1) × (|can|+1) dynamic-programming table, row-major; the last cell is the LCS length. */
function lcsTable(ref: readonly string[], can: readonly string[]): Uint32Array {
  const cols = can.length + 1;
  const table = new Uint32Array((ref.length + 1) * cols);
  for (let i = 1; i <= ref.length; i += 1) {
    const refToken = ref[i - 1];
    for (let j = 1; j <= can.length; j += 1) {
      const cell = i * cols + j;
      if (refToken === can[j - 1]) {
        table[cell] = (table[cell - cols - 1] ?? 0) + 1;
      } else {
        table[cell] = Math.max(table[cell - cols] ?? 0, table[cell - 1] ?? 0);
      }
    }
  }
  return table;
}

export function lcsLength(ref: readonly string[], can: readonly string[]): number {
  if (ref.length === 0 || can.length === 0) return 0;
  return lcsTable(ref, can)[(ref.length + 1) * (can.length + 1) - 1] ?? 0;
}

/**
 * Indices in `ref` of one longest common subsequence, in ascending order. Ties are broken as rouge_score's
 * backtracking does (prefer dropping a reference token), which decides the summary-level union.
 */
export function lcsReferenceIndices(ref: readonly string[], can: readonly string[]): number[] {
  const table = lcsTable(ref, can);
  const cols = can.length + 1;
  const indices: number[] = [];
  let i = ref.length;
  let j = can.length;
  while (i > 0 && j > 0) {
    if (ref[i - 1] === can[j - 1]) {
      indices.push(i - 1);
      i -= 1;
      j -= 1;
    } else if ((table[i * cols + j - 1] ?? 0) > (table[(i - 1) * cols + j] ?? 0)) {
      j -= 1;
    } else {
      i -= 1;
    }
  }
  return indices.reverse();
}
