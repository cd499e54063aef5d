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

/**
 * The LCS length, bit-parallel (Hyyrö's row recurrence over 32-bit words): the shorter sequence is a bit vector
 * per distinct token, and each token of the longer one updates the vector in |shorter|/32 word steps. Memory is
 * linear and a long answer against a long reference costs a thirty-second of the table's time; a token the
 * shorter sequence lacks costs nothing.
 */
export function lcsLength(ref: readonly string[], can: readonly string[]): number {
  if (ref.length === 0 || can.length === 0) return 0;
  const [short, long] = ref.length <= can.length ? [ref, can] : [can, ref];
  const words = Math.ceil(short.length / 32);
  const masks = new Map<string, Uint32Array>();
  for (const [index, token] of short.entries()) {
    let mask = masks.get(token);
    if (mask === undefined) {
      mask = new Uint32Array(words);
      masks.set(token, mask);
    }
    mask[index >>> 5] = (mask[index >>> 5] ?? 0) | (1 << (index & 31));
  }
  // V starts all ones; each match position turns a one into a zero. V' = (V + (V & M)) | (V & ~M).
  const v = new Uint32Array(words).fill(0xffffffff);
  for (const token of long) {
    const mask = masks.get(token);
    if (mask === undefined) continue;
    let carry = 0;
    for (let word = 0; word < words; word += 1) {
      const current = v[word] ?? 0;
      const matched = (current & (mask[word] ?? 0)) >>> 0;
      const sum = current + matched + carry;
      carry = sum > 0xffffffff ? 1 : 0;
      v[word] = ((sum >>> 0) | (current & ~(mask[word] ?? 0))) >>> 0;
    }
  }
  let zeros = 0;
  for (let index = 0; index < short.length; index += 1)
    if (((v[index >>> 5] ?? 0) & (1 << (index & 31))) === 0) zeros += 1;
  return zeros;
}

/** The most cells lcsReferenceIndices fills for one pair of lines (4 bytes each: 200 MB). */
export const MAX_LCS_TABLE_CELLS = 50_000_000;

/**
 * Indices in `ref` of one longest common subsequence, in ascending order. Ties are broken as rouge_score's
 * backtracking does (prefer dropping a reference token), which decides the summary-level union. It needs the
 * whole table: null when that is beyond MAX_LCS_TABLE_CELLS.
 */
export function lcsReferenceIndices(ref: readonly string[], can: readonly string[]): number[] | null {
  if ((ref.length + 1) * (can.length + 1) > MAX_LCS_TABLE_CELLS) return null;
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
