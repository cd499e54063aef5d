import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatScore, formatScoreAgainst } from '../core/format-score.js';
import { PAGE_DIR } from './page-assets.js';

/** The page's own formatting module, loaded as the browser loads it (plain ES module, no DOM needed). */
interface PageFormat {
  formatScore(score: unknown): string;
  formatScoreAgainst(score: unknown, threshold: number | null): string;
  formatPercent(rate: unknown): string;
  formatDelta(delta: unknown): string;
  turnLabel(turnIndex: number, turnCount?: number | null): string;
}
const pageFormat = (await import(pathToFileURL(`${PAGE_DIR}format.js`).href)) as PageFormat;

const CASES: readonly (readonly [number, string])[] = [
  [1, '1'],
  [0, '0'],
  [0.5, '0.5'],
  [0.33333, '0.333'],
  [0.0004, '0.0004'],
  [0.00012345, '0.00012'],
  [4e-7, '4e-7'],
  [-0.0004, '-0.0004'],
  [0.9996, '0.9996'],
  [0.99999999, '0.99999999'],
  [0.25, '0.25'],
  [0.001, '0.001'],
  [12.34567, '12.346'],
  [-0.5, '-0.5'],
];

const AGAINST: readonly (readonly [number, number | null, string])[] = [
  [0.49996, 0.5, '0.49996'],
  [0.5000001, 0.5, '0.5000001'],
  [0.5, 0.5, '0.5'],
  [0.33333, 0.5, '0.333'],
  [0.49996, null, '0.5'],
  [0.7000000000000001, 0.7, '0.7000000000000001'],
];

describe('score formatting', () => {
  it.each(AGAINST)('the server writes %s beside threshold %s as %s, and so does the page', (score, threshold, text) => {
    expect(formatScoreAgainst(score, threshold)).toBe(text);
    expect(pageFormat.formatScoreAgainst(score, threshold)).toBe(text);
  });

  it.each(CASES)('the server writes %s as %s', (score, text) => {
    expect(formatScore(score)).toBe(text);
  });

  it.each(CASES)('the page writes %s as %s', (score, text) => {
    expect(pageFormat.formatScore(score)).toBe(text);
  });

  it('never shows a small score as 0 or a bare point, and keeps it within 1%', () => {
    for (const score of [0.0004, 0.00049, 0.0001, 1e-9, 0.000999]) {
      for (const text of [formatScore(score), pageFormat.formatScore(score)]) {
        expect(text).not.toMatch(/^-?0\.?$/);
        expect(text.endsWith('.')).toBe(false);
        expect(Math.abs(Number(text) - score) / score).toBeLessThan(0.01);
      }
    }
  });

  it('the page shows no score for what is not a number, and signs deltas', () => {
    expect(pageFormat.formatScore(null)).toBe('–');
    expect(pageFormat.formatScore(Number.NaN)).toBe('–');
    expect(formatScore(Number.POSITIVE_INFINITY)).toBe('–');
    expect(pageFormat.formatDelta(0.0004)).toBe('+0.0004');
    expect(pageFormat.formatDelta(-0.25)).toBe('−0.25');
    expect(pageFormat.formatDelta(0)).toBe('±0');
  });

  it('the page does not round a pass rate to 0% or 100% when it is neither', () => {
    expect(pageFormat.formatPercent(1)).toBe('100%');
    expect(pageFormat.formatPercent(0)).toBe('0%');
    expect(pageFormat.formatPercent(0.5)).toBe('50.0%');
    expect(pageFormat.formatPercent(1 / 3)).toBe('33.3%');
    expect(pageFormat.formatPercent(0.0001)).toBe('0.01%');
    expect(pageFormat.formatPercent(0.9999)).toBe('99.99%');
  });
});

describe('page turn labels', () => {
  it('number turns from 1, with the length of the conversation when known', () => {
    expect(pageFormat.turnLabel(0)).toBe('turn 1');
    expect(pageFormat.turnLabel(0, 4)).toBe('turn 1/4');
    expect(pageFormat.turnLabel(3, 4)).toBe('turn 4/4');
    expect(pageFormat.turnLabel(2, null)).toBe('turn 3');
  });
});
