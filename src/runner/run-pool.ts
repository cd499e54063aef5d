/** Runs `work` over items with at most `limit` in flight, in item order; takes no new item once `stop` aborts. */
export async function runPool<T>(
  items: readonly T[],
  limit: number,
  stop: AbortSignal,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (!stop.aborted && next < items.length) {
      const index = next++;
      await work(items[index] as T, index);
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker);
  await Promise.all(workers);
}
