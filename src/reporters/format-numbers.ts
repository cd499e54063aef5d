/** Number formatting shared by the human-readable reporters. */
import { formatScore as formatCoreScore, formatScoreAgainst } from '../core/format-score.js';

/** `312ms`, `4.2s`, `2m 05s`, `1h 02m`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  const totalSeconds = Math.round(ms / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours > 0) return `${hours}h ${String(minutes).padStart(2, '0')}m`;
  return `${minutes}m ${String(seconds).padStart(2, '0')}s`;
}

/** `12,345` */
export function formatInteger(n: number): string {
  if (!Number.isFinite(n)) return '—';
  const rounded = Math.round(n);
  // Grouped as toLocaleString('en-US') groups it, without loading the locale data (tens of ms, once).
  if (Math.abs(rounded) >= 1e21) return rounded.toLocaleString('en-US');
  const grouped = String(Math.abs(rounded)).replace(/\B(?=(\d{3})+$)/g, ',');
  return rounded < 0 ? `-${grouped}` : grouped;
}

/**
 * `70.0%` of `part / whole`; `—` when there is nothing to divide. A rate short of all (or above none) is never
 * rounded to `100.0%` (or `0.0%`): more digits are shown until it is not (1,999 of 2,000 is `99.95%`).
 */
export function formatPercent(part: number, whole: number): string {
  if (whole <= 0) return '—';
  return `${fixedWithin((part / whole) * 100, 1, 0, 100)}%`;
}

/**
 * `value` with `digits` decimals, more where those would round a value inside (`low`, `high`) to either bound:
 * a rate short of all never reads as all, one above none never as none.
 */
export function fixedWithin(value: number, digits: number, low: number, high: number): string {
  for (let shown = digits; shown < 12; shown += 1) {
    const text = value.toFixed(shown);
    const rounded = Number(text);
    if ((rounded !== high || value === high) && (rounded !== low || value === low)) return text;
  }
  return String(value);
}

/** A metric score or threshold as core/format-score.ts writes it (0.333, 0.0004), `—` when absent. */
export function formatScore(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '—';
  return formatCoreScore(value);
}

/** A metric's score beside its threshold, with the digits that tell them apart (0.49996 against 0.5). */
export function formatMetricScore(metric: {
  readonly score: number | null;
  readonly threshold: number | null;
}): string {
  if (metric.score === null || !Number.isFinite(metric.score)) return '—';
  return formatScoreAgainst(metric.score, metric.threshold);
}

/** A metric's threshold beside its score, with the digits that tell them apart (0.83335 against 0.8333). */
export function formatMetricThreshold(metric: {
  readonly score: number | null;
  readonly threshold: number | null;
}): string {
  if (metric.threshold === null || !Number.isFinite(metric.threshold)) return '—';
  const score = metric.score !== null && Number.isFinite(metric.score) ? metric.score : null;
  return formatScoreAgainst(metric.threshold, score);
}

/** Seconds with millisecond precision, as JUnit expects (`1.234`). */
export function formatSeconds(ms: number): string {
  return Number.isFinite(ms) && ms > 0 ? (ms / 1000).toFixed(3) : '0.000';
}
