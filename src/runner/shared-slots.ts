/**
 * A concurrency limit shared by several suites run at once (a model matrix): `-j N` means N test cases in
 * flight over every model, not N per model. Waiters are served in arrival order, so the models interleave.
 */
export interface SharedSlots {
  /** Resolves with the function that gives the slot back once one is free. */
  acquire(): Promise<() => void>;
}

export function createSharedSlots(limit: number): SharedSlots {
  let free = Math.max(1, limit);
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next === undefined) free += 1;
    else next();
  };
  const once = () => {
    let given = false;
    return () => {
      if (given) return;
      given = true;
      release();
    };
  };
  return {
    acquire() {
      if (free > 0) {
        free -= 1;
        return Promise.resolve(once());
      }
      return new Promise((resolve) => waiting.push(() => resolve(once())));
    },
  };
}
