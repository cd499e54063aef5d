/**
 * The rate-limit part of the progress line, one piece per model worth showing (a limit configured or a 429
 * received): `gpt-4o-mini 118/120 rpm · 41k/200k tpm · 3×429 · back-off 1.2s · ≤6 in flight`.
 */
import type { RateLimitStatus } from '../core/rate-limit.js';
import { formatDuration } from './format-numbers.js';

export function formatRateStatus(statuses: readonly RateLimitStatus[]): string | null {
  const parts = statuses.map(formatOne);
  return parts.length === 0 ? null : parts.join(' · ');
}

function formatOne(status: RateLimitStatus): string {
  const rpm = status.limit?.requests_per_minute ?? null;
  const tpm = status.limit?.tokens_per_minute ?? null;
  const pieces = [
    `${status.model} ${compact(status.requests_per_minute)}${rpm === null ? '' : `/${compact(rpm)}`} rpm`,
  ];
  if (tpm !== null) pieces.push(`${compact(status.tokens_per_minute)}/${compact(tpm)} tpm`);
  if (status.rate_limited > 0) pieces.push(`${status.rate_limited}×429`);
  if (status.backoff_ms > 0) pieces.push(`back-off ${formatDuration(status.backoff_ms)}`);
  if (status.concurrency !== null) pieces.push(`≤${status.concurrency} in flight`);
  return pieces.join(' · ');
}

/** `950`, `41k`, `1.2M`. */
function compact(n: number): string {
  if (n < 10_000) return String(Math.round(n));
  if (n < 1_000_000) return `${Math.round(n / 1000)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}
