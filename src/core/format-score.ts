/**
 * Scores, thresholds and deltas as every human-readable output writes them (console, Markdown, JUnit,
 * dashboard): 1, 0.5, 0.333 (up to 3 decimals). A
 * value that would round to 0 or to a whole number it is not keeps the digits that tell it apart: 0.0004,
 * 0.00012, 4e-7, 0.9996. The page's formatScore (page/format.js) follows the same rule.
 */
export function formatScore(score: number): string {
  if (!Number.isFinite(score)) return '–';
  if (Number.isInteger(score)) return String(score);
  if (Math.abs(score) < 0.001) return String(Number(score.toPrecision(2)));
  for (let digits = 3; digits <= 6; digits += 1) {
    const rounded = Number(score.toFixed(digits));
    if (!Number.isInteger(rounded)) return String(rounded);
  }
  return String(Number(score.toPrecision(12)));
}

/**
 * A score shown beside its threshold: with the digits that tell it apart from the threshold when the two would
 * read alike (0.49996 against 0.5 fails, so it is not shown as 0.5).
 */
export function formatScoreAgainst(score: number, threshold: number | null): string {
  const shown = formatScore(score);
  if (threshold === null || score === threshold || shown !== formatScore(threshold)) return shown;
  for (let digits = 4; digits <= 16; digits += 1) {
    const rounded = String(Number(score.toFixed(digits)));
    if (rounded !== String(Number(threshold.toFixed(digits)))) return rounded;
  }
  return String(score);
}
