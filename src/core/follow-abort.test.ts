import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { followAbort } from './follow-abort.js';

describe('followAbort', () => {
  it('aborts with the parent and its reason, through a single listener that dispose removes', () => {
    const parent = new AbortController();
    const children = Array.from({ length: 3 }, () => followAbort(parent.signal));
    expect(getEventListeners(parent.signal, 'abort')).toHaveLength(3);
    children[0]?.dispose();
    expect(getEventListeners(parent.signal, 'abort')).toHaveLength(2);
    parent.abort(new Error('stop'));
    expect(children[0]?.signal.aborted).toBe(false);
    expect(children[1]?.signal.aborted).toBe(true);
    expect(children[2]?.signal.reason).toEqual(new Error('stop'));
  });

  it('starts aborted under an aborted parent, and carries many listeners without a leak warning', () => {
    const parent = new AbortController();
    parent.abort('gone');
    const child = followAbort(parent.signal);
    expect(child.signal.aborted).toBe(true);
    expect(child.signal.reason).toBe('gone');
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    const live = followAbort(new AbortController().signal);
    for (let i = 0; i < 50; i += 1) live.signal.addEventListener('abort', () => undefined);
    process.off('warning', onWarning);
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
  });

  it("keeps Node's listener limit on a child made for few listeners, and still follows the parent", async () => {
    const parent = new AbortController();
    const few = followAbort(parent.signal, 'few');
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    for (let i = 0; i < 11; i += 1) few.signal.addEventListener('abort', () => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
    expect(warnings.map((w) => w.name)).toContain('MaxListenersExceededWarning');
    parent.abort('interrupted');
    expect(few.signal.reason).toBe('interrupted');
    few.dispose();
    expect(getEventListeners(parent.signal, 'abort')).toHaveLength(0);
  });
});
