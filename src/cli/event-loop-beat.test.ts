import { describe, expect, it } from 'vitest';
import { createEventLoopBeat, overdue, startBeating } from './event-loop-beat.js';

describe('event loop beat', () => {
  it('is overdue only past the loading limit, then past the running limit, and says which', () => {
    const beat = createEventLoopBeat(30_000);
    const beating = startBeating(beat);
    const now = Date.now();
    expect(overdue(beat, now + 1_000)).toBeNull();
    expect(overdue(beat, now + 31_000)).toMatchObject({ limit: 30_000, running: false });
    beating.running(6_000);
    const later = Date.now();
    expect(overdue(beat, later + 5_000)).toBeNull();
    const late = overdue(beat, later + 7_000);
    expect(late).toMatchObject({ limit: 6_000, running: true });
    expect(late?.stalled).toBeGreaterThanOrEqual(7_000);
  });

  it('keeps beating while the thread turns its event loop', async () => {
    const beat = createEventLoopBeat(300);
    startBeating(beat);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(overdue(beat)).toBeNull();
  });
});
