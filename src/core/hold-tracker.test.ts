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

  it('says how far the oldest unanswered request came: no headers, a stalled body, or a body still arriving', () => {
    let now = 0;
    const tracker = createHoldTracker(() => now);
    const sent = tracker.journal.sent?.('http://127.0.0.1:8080');
    if (sent === undefined) throw new Error('the tracker follows sent requests');
    now = 4900;
    expect(tracker.note()).toBe(
      ' — the model request to http://127.0.0.1:8080 had no response headers 4.9 s after it was sent',
    );
    sent.headers();
    now = 6000;
    expect(tracker.note()).toBe(
      ' — the model request to http://127.0.0.1:8080 had its response headers, then no byte of the body in 1.1 s',
    );
    sent.data(7);
    now = 9500;
    expect(tracker.note()).toBe(
      ' — the response to the model request to http://127.0.0.1:8080 stalled: 7 bytes of its body came, the last 3.5 s ago',
    );
    sent.data(1);
    now = 9800;
    expect(tracker.note()).toBe(
      ' — the response to the model request to http://127.0.0.1:8080 was still arriving: 8 bytes of its body in 4.9 s',
    );
    // A wait for the limiter says more (that request never went out) and comes first; an ended request says nothing.
    const held = tracker.journal.begin('limiter A');
    expect(tracker.note()).toMatch(/never sent: it waited 0\.0 s for limiter A/);
    held();
    sent.end();
    expect(tracker.note()).toBe('');
  });
});
