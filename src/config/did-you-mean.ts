/** "did you mean `ground_truth`?" suggestions by edit distance. */

import { editDistance } from '../core/edit-distance.js';

export { editDistance };

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
