/**
 * How long a 429 asks us to wait, from its headers: `retry-after-ms`, else `retry-after` (seconds or an
 * HTTP date), else the reset time of the limit that ran out — OpenAI's `x-ratelimit-reset-requests` /
 * `-tokens` (durations like `1s`, `6m0s`, `120ms`) or Anthropic's `anthropic-ratelimit-*-reset` (RFC 3339
 * times). Null when the answer names no wait.
 */
import { parseRetryAfter } from '../retry-policy.js';

type Headers = Readonly<Record<string, string>>;

export function rateLimitWaitMs(headers: Headers | undefined, nowMs: number): number | null {
  if (headers === undefined) return null;
  const direct = parseRetryAfter(headers, nowMs);
  if (direct !== null) return direct;
  const lower = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v.trim()]));
  const resets: { wait: number; spent: boolean }[] = [];
  for (const [name, value] of lower) {
    const openai = /^x-ratelimit-reset-(.+)$/.exec(name);
    if (openai !== null) {
      const wait = parseDuration(value);
      if (wait !== null) resets.push({ wait, spent: lower.get(`x-ratelimit-remaining-${openai[1]}`) === '0' });
      continue;
    }
    const anthropic = /^anthropic-ratelimit-(.+)-reset$/.exec(name);
    if (anthropic !== null) {
      const at = Date.parse(value);
      if (!Number.isNaN(at)) {
        const spent = lower.get(`anthropic-ratelimit-${anthropic[1]}-remaining`) === '0';
        resets.push({ wait: Math.max(0, at - nowMs), spent });
      }
    }
  }
  const chosen = resets.some((r) => r.spent) ? resets.filter((r) => r.spent) : resets;
  return chosen.length === 0 ? null : Math.max(...chosen.map((r) => r.wait));
}

/** `1h2m3.5s`, `6m0s`, `120ms`, `0.5s`, or a bare number of seconds → ms; null when unreadable. */
export function parseDuration(text: string): number | null {
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
  const units: Readonly<Record<string, number>> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== text) return null;
  return Math.round(parts.reduce((sum, p) => sum + Number(p[1]) * (units[p[2] ?? ''] ?? 0), 0));
}
