import { describe, expect, it } from 'vitest';
import { runPool, START_AT_ONCE_AFTER_MS } from './run-pool.js';
import { createSharedSlots } from './shared-slots.js';

/** A task the test finishes by hand, so overlap is decided by the test, not by timing. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('runPool', () => {
  it('keeps at most `limit` items in flight and starts them in item order', async () => {
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    let inFlight = 0;
    let peak = 0;
    const done = runPool(gates, 2, new AbortController().signal, async (g, index) => {
      started.push(index);
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await g.opened;
      inFlight -= 1;
    });
    await tick();
    expect(started).toEqual([0, 1]);
    gates[1]!.open();
    // The freed place is taken in the next turn of the event loop.
    await tick();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.open();
    await done;
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
  });

  it('starts the next item at once in place of a slow one, not in the next turn', async () => {
    const order: string[] = [];
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const done = runPool([START_AT_ONCE_AFTER_MS + 20, 0, 0], 1, new AbortController().signal, async (ms, index) => {
      order.push(`start ${index}`);
      if (ms > 0) await sleep(ms);
      order.push(`end ${index}`);
      // Queued when the item ends: a freed place taken in the next turn would start after it.
      setImmediate(() => order.push(`turn after ${index}`));
    });
    await done;
    // Item 1 follows the slow item 0 at once; item 2 follows the quick item 1 in the next turn.
    expect(order.indexOf('start 1')).toBeLessThan(order.indexOf('turn after 0'));
    expect(order.indexOf('start 2')).toBeGreaterThan(order.indexOf('turn after 1'));
  });

  it('takes no new item once stopped, and lets the items in flight finish', async () => {
    const stop = new AbortController();
    const gates = Array.from({ length: 4 }, gate);
    const finished: number[] = [];
    const done = runPool(gates, 2, stop.signal, async (g, index) => {
      await g.opened;
      finished.push(index);
    });
    await tick();
    stop.abort();
    for (const g of gates) g.open();
    await done;
    expect(finished.sort()).toEqual([0, 1]);
  });

  it('runs one worker for a limit below one, and nothing for no items', async () => {
    const seen: number[] = [];
    await runPool([10, 20], 0, new AbortController().signal, async (item) => {
      seen.push(item);
    });
    expect(seen).toEqual([10, 20]);
    await runPool([], 4, new AbortController().signal, async () => {
      throw new Error('never called');
    });
  });

  it('shares a slot limit between pools, and gives slots back when work throws', async () => {
    const slots = createSharedSlots(2);
    let inFlight = 0;
    let peak = 0;
    const work = async (item: number) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await tick();
      inFlight -= 1;
      if (item === 1) throw new Error('boom');
    };
    const signal = new AbortController().signal;
    const a = runPool([0, 1, 2], 3, signal, work, slots);
    const b = runPool([3, 4, 5], 3, signal, work, slots);
    await expect(a).rejects.toThrow('boom');
    await b;
    expect(peak).toBe(2);
    // Every slot came back: two can still be taken at once.
    const first = await slots.acquire();
    const second = await slots.acquire();
    first();
    second();
  });
});

describe('runPool, starting freed items', () => {
  it('starts the first items at once and the next ones together in the next turn of the event loop', async () => {
    const log: string[] = [];
    setImmediate(() => log.push('next turn'));
    await runPool([0, 1, 2, 3, 4, 5], 3, new AbortController().signal, async (item) => {
      log.push(`start ${item}`);
    });
    expect(log).toEqual(['start 0', 'start 1', 'start 2', 'next turn', 'start 3', 'start 4', 'start 5']);
  });

  it('stops taking items when stopped while it waits for the next turn', async () => {
    const stop = new AbortController();
    const started: number[] = [];
    await runPool([0, 1, 2, 3], 2, stop.signal, async (item) => {
      started.push(item);
      if (item === 1) stop.abort();
    });
    expect(started).toEqual([0, 1]);
  });
});
