import { describe, expect, it } from 'vitest';
import { runPool } from './run-pool.js';
import { createSharedSlots } from './shared-slots.js';

describe('createSharedSlots', () => {
  it('holds several pools to one limit, serving waiters in arrival order', async () => {
    const slots = createSharedSlots(2);
    let inFlight = 0;
    let most = 0;
    const order: string[] = [];
    const work = (pool: string) => async (item: number) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      order.push(`${pool}${item}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
    };
    const stop = new AbortController().signal;
    await Promise.all([runPool([1, 2, 3], 2, stop, work('a'), slots), runPool([1, 2, 3], 2, stop, work('b'), slots)]);
    expect(most).toBe(2);
    expect(order).toHaveLength(6);
    expect(order.slice(0, 2).sort()).toEqual(['a1', 'a2']);
    expect(order.slice(2, 4).sort()).toEqual(['b1', 'b2']);
  });

  it('starts nothing new once stopped while waiting for a slot', async () => {
    const slots = createSharedSlots(1);
    const stop = new AbortController();
    const ran: number[] = [];
    await runPool(
      [1, 2, 3],
      3,
      stop.signal,
      async (item) => {
        ran.push(item);
        stop.abort();
      },
      slots,
    );
    expect(ran).toEqual([1]);
  });

  it('gives a slot back once only, however often released', async () => {
    const slots = createSharedSlots(1);
    const release = await slots.acquire();
    release();
    release();
    const first = await slots.acquire();
    let second = false;
    void slots.acquire().then(() => {
      second = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(second).toBe(false);
    first();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(second).toBe(true);
  });
});
