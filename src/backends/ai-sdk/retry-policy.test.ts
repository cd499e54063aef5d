import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  abortableSleep,
  DEFAULT_RETRY_POLICY,
  parseRetryAfter,
  type RetryPolicy,
  retryDelayMs,
} from './retry-policy.js';

const policy: RetryPolicy = { max_retries: 5, base_delay_ms: 100, max_delay_ms: 1000, max_retry_after_ms: 5000 };

describe('retryDelayMs', () => {
  it('doubles the delay per retry, half fixed and half jitter', () => {
    expect(retryDelayMs(0, policy, () => 0, null)).toBe(50);
    expect(retryDelayMs(0, policy, () => 0.999999, null)).toBe(100);
    expect(retryDelayMs(1, policy, () => 0, null)).toBe(100);
    expect(retryDelayMs(2, policy, () => 0.5, null)).toBe(300);
  });

  it('caps the exponential delay', () => {
    expect(retryDelayMs(10, policy, () => 1, null)).toBe(1000);
  });

  it('stays within [half, full] of the capped exponential delay for any retry and jitter', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (retry, r) => {
          const full = Math.min(policy.max_delay_ms, policy.base_delay_ms * 2 ** retry);
          const delay = retryDelayMs(retry, policy, () => r, null);
          return delay >= Math.floor(full / 2) && delay <= full;
        },
      ),
    );
  });

  it('honours a server hint, capped', () => {
    expect(retryDelayMs(3, policy, () => 0.5, 10)).toBe(10);
    expect(retryDelayMs(0, policy, () => 0.5, 0)).toBe(0);
    expect(retryDelayMs(0, policy, () => 0.5, 120_000)).toBe(5000);
  });

  it('has sensible defaults', () => {
    expect(DEFAULT_RETRY_POLICY.base_delay_ms).toBeGreaterThan(0);
    expect(DEFAULT_RETRY_POLICY.max_delay_ms).toBeGreaterThanOrEqual(DEFAULT_RETRY_POLICY.base_delay_ms);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('reads retry-after-ms first, then retry-after seconds or date', () => {
    expect(parseRetryAfter({ 'retry-after-ms': '250', 'retry-after': '9' }, now)).toBe(250);
    expect(parseRetryAfter({ 'Retry-After': '2' }, now)).toBe(2000);
    expect(parseRetryAfter({ 'retry-after': '0.5' }, now)).toBe(500);
    expect(parseRetryAfter({ 'retry-after': 'Thu, 01 Jan 2026 00:00:03 GMT' }, now)).toBe(3000);
    expect(parseRetryAfter({ 'retry-after': 'Wed, 31 Dec 2025 00:00:00 GMT' }, now)).toBe(0);
  });

  it('returns null when absent or unreadable', () => {
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(parseRetryAfter({}, now)).toBeNull();
    expect(parseRetryAfter({ 'retry-after': 'soon' }, now)).toBeNull();
    expect(parseRetryAfter({ 'retry-after-ms': 'x', 'retry-after': '' }, now)).toBeNull();
  });
});

describe('abortableSleep', () => {
  it('resolves after the delay', async () => {
    const start = Date.now();
    await abortableSleep(20, new AbortController().signal);
    expect(Date.now() - start).toBeGreaterThanOrEqual(15);
  });

  it('rejects with the reason when the signal aborts, and at once when already aborted', async () => {
    const controller = new AbortController();
    const waiting = abortableSleep(10_000, controller.signal);
    controller.abort(new Error('turn timed out'));
    await expect(waiting).rejects.toThrow('turn timed out');
    await expect(abortableSleep(10, controller.signal)).rejects.toThrow('turn timed out');
  });
});
