import { describe, expect, it } from 'vitest';
import { parseDuration, rateLimitWaitMs } from './rate-limit-wait.js';

const NOW = Date.parse('2026-01-01T00:00:00Z');

describe('rateLimitWaitMs', () => {
  it('reads retry-after-ms, then retry-after in seconds or as an HTTP date', () => {
    expect(rateLimitWaitMs({ 'retry-after-ms': '250', 'retry-after': '9' }, NOW)).toBe(250);
    expect(rateLimitWaitMs({ 'Retry-After': '2' }, NOW)).toBe(2000);
    expect(rateLimitWaitMs({ 'retry-after': 'Thu, 01 Jan 2026 00:00:03 GMT' }, NOW)).toBe(3000);
  });

  it("reads OpenAI's x-ratelimit-reset-* of the limit that ran out", () => {
    const headers = {
      'x-ratelimit-remaining-requests': '0',
      'x-ratelimit-reset-requests': '1.5s',
      'x-ratelimit-remaining-tokens': '4000',
      'x-ratelimit-reset-tokens': '6m0s',
    };
    expect(rateLimitWaitMs(headers, NOW)).toBe(1500);
    expect(rateLimitWaitMs({ 'x-ratelimit-reset-tokens': '120ms', 'x-ratelimit-reset-requests': '2s' }, NOW)).toBe(
      2000,
    );
  });

  it("reads Anthropic's anthropic-ratelimit-*-reset times", () => {
    const headers = {
      'anthropic-ratelimit-requests-remaining': '0',
      'anthropic-ratelimit-requests-reset': '2026-01-01T00:00:04Z',
      'anthropic-ratelimit-tokens-reset': '2026-01-01T00:00:30Z',
    };
    expect(rateLimitWaitMs(headers, NOW)).toBe(4000);
  });

  it('is null without a readable wait', () => {
    expect(rateLimitWaitMs(undefined, NOW)).toBeNull();
    expect(rateLimitWaitMs({ 'content-type': 'application/json' }, NOW)).toBeNull();
    expect(rateLimitWaitMs({ 'x-ratelimit-reset-requests': 'soon' }, NOW)).toBeNull();
  });
});

describe('parseDuration', () => {
  it('reads Go-style durations and bare seconds', () => {
    expect(parseDuration('6m0s')).toBe(360_000);
    expect(parseDuration('1h2m3.5s')).toBe(3_723_500);
    expect(parseDuration('20ms')).toBe(20);
    expect(parseDuration('0.5')).toBe(500);
    expect(parseDuration('5 s')).toBeNull();
  });
});
