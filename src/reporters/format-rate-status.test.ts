import { describe, expect, it } from 'vitest';
import type { RateLimitStatus } from '../core/rate-limit.js';
import { formatProgressLine } from './console-progress.js';
import { formatRateStatus } from './format-rate-status.js';

const base: RateLimitStatus = {
  model: 'gpt-4o-mini',
  limit: { requests_per_minute: 500, tokens_per_minute: null },
  requests_per_minute: 498,
  tokens_per_minute: 41_200,
  rate_limited: 0,
  backoff_ms: 0,
  concurrency: null,
};

describe('formatRateStatus', () => {
  it('shows the rate against the limit, then 429s, back-off and the cap when there are any', () => {
    expect(formatRateStatus([base])).toBe('gpt-4o-mini 498/500 rpm');
    expect(
      formatRateStatus([
        {
          ...base,
          limit: { requests_per_minute: null, tokens_per_minute: 200_000 },
          rate_limited: 3,
          backoff_ms: 1200,
          concurrency: 6,
        },
      ]),
    ).toBe('gpt-4o-mini 498 rpm · 41k/200k tpm · 3×429 · back-off 1.2s · ≤6 in flight');
  });

  it('shows a model without a limit by its rate alone, and nothing when no model is worth showing', () => {
    expect(formatRateStatus([{ ...base, limit: null, requests_per_minute: 1911, rate_limited: 39 }])).toBe(
      'gpt-4o-mini 1911 rpm · 39×429',
    );
    expect(formatRateStatus([])).toBeNull();
  });

  it('ends the progress line', () => {
    const counts = { total_cases: 300, total_turns: 300, done: 85, running: 64, failed: 0, turns_done: 85 };
    expect(formatProgressLine(counts, 10_700, 4, [base])).toBe(
      '⠼ 85/300 cases done · 64 running · 0 failed · 85/300 turns · 10.7s · gpt-4o-mini 498/500 rpm',
    );
    expect(formatProgressLine(counts, 10_700, 4)).toBe(
      '⠼ 85/300 cases done · 64 running · 0 failed · 85/300 turns · 10.7s',
    );
  });
});
