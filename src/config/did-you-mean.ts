/** "did you mean `ground_truth`?" suggestions by edit distance. */

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The closest candidate within a distance that grows with the word's length; else the one candidate holding the
 * word as whole parts (`timeout` → `llm_timeout`, `retries` → `max_retries`); else null.
 */
export function closestMatch(word: string, candidates: readonly string[]): string | null {
  const normalised = word.toLowerCase().replace(/[\s-]/g, '_');
  const limit = Math.max(1, Math.floor(word.length / 3));
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    if (candidate === word) continue;
    const distance = candidate === normalised ? 0 : editDistance(normalised, candidate.toLowerCase());
    if (distance <= limit && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best !== null || normalised.length < 3) return best;
  const holding = candidates.filter((candidate) => `_${candidate.toLowerCase()}_`.includes(`_${normalised}_`));
  return holding.length === 1 ? (holding[0] ?? null) : null;
}

export function didYouMean(word: string, candidates: readonly string[]): string | null {
  const match = closestMatch(word, candidates);
  return match === null ? null : `did you mean \`${match}\`?`;
}
