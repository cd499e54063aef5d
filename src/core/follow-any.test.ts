import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { followAny } from './follow-any.js';

describe('followAny', () => {
  it('aborts with the reason of the first source to abort, through one listener per source', () => {
    const turn = new AbortController();
    const session = new AbortController();
    const either = followAny([turn.signal, session.signal]);
    expect(getEventListeners(turn.signal, 'abort')).toHaveLength(1);
    expect(getEventListeners(session.signal, 'abort')).toHaveLength(1);
    expect(either.signal.aborted).toBe(false);
    session.abort(new Error('session closed'));
    expect(either.signal.aborted).toBe(true);
    expect(either.signal.reason).toEqual(new Error('session closed'));
    turn.abort(new Error('later'));
    expect(either.signal.reason).toEqual(new Error('session closed'));
  });

  it('leaves no listener on its sources once disposed, and no longer follows them', () => {
    const sources = [new AbortController(), new AbortController(), new AbortController()];
    const any = followAny(sources.map((c) => c.signal));
    any.dispose();
    for (const source of sources) expect(getEventListeners(source.signal, 'abort')).toHaveLength(0);
    sources[2]?.abort('gone');
    expect(any.signal.aborted).toBe(false);
  });

  it('starts aborted, with that reason, when a source already is', () => {
    const live = new AbortController();
    const gone = new AbortController();
    gone.abort('the run was interrupted');
    const any = followAny([live.signal, gone.signal]);
    expect(any.signal.aborted).toBe(true);
    expect(any.signal.reason).toBe('the run was interrupted');
    expect(getEventListeners(live.signal, 'abort')).toHaveLength(0);
    any.dispose();
  });
});
