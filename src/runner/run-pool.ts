import type { SharedSlots } from './shared-slots.js';

/**
 * Runs `work` over items with at most `limit` in flight, in item order; takes no new item once `stop` aborts.
 * With `slots`, each item also holds one of the slots shared with other pools while it runs.
 */
export async function runPool<T>(
  items: readonly T[],
  limit: number,
  stop: AbortSignal,
  work: (item: T, index: number) => Promise<void>,
  slots?: SharedSlots,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (!stop.aborted && next < items.length) {
      const release = slots === undefined ? null : await slots.acquire();
      try {
        if (stop.aborted || next >= items.length) return;
        const index = next++;
        await work(items[index] as T, index);
      } finally {
        release?.();
      }
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker);
  await Promise.all(workers);
}
