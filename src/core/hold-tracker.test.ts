import { describe, expect, it } from 'vitest';
import { createHoldTracker } from './hold-tracker.js';

describe('createHoldTracker', () => {
  it('names the longest wait still going on, and nothing once every wait ended', () => {
    let now = 1000;
    const tracker = createHoldTracker(() => now);
    expect(tracker.note()).toBe('');
    const first = tracker.journal.begin('limiter A');
    now = 1500;
    const second = tracker.journal.begin('limiter B');
    now = 5100;
    expect(tracker.note()).toBe(' — a model request was never sent: it waited 4.1 s for limiter A');
    first();
    expect(tracker.note()).toMatch(/it waited 3\.6 s for limiter B/);
    second();
    expect(tracker.note()).toBe('');
  });
});
