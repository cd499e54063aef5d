/**
 * The reporters' work on finished cases (a run record line appended to disk, a report's spool), followed
 * without holding the case's slot: the next case starts while the last one is being written, so a model
 * request never waits for a file write. At most `limit` writes are outstanding: beyond that the run waits
 * for the oldest one (reporters write in order, so it is the next to finish). The first failure is raised at
 * the next `add` or at `drain`, and `drain` — called before the run ends, completed or interrupted — waits
 * for every write, so nothing finished is lost. Each write costs a constant amount of bookkeeping, however
 * many are outstanding.
 */
export interface ReporterBacklog {
  /** Follows a hook's result; resolves at once unless `limit` writes are outstanding. */
  add(result: void | Promise<void>): Promise<void> | undefined;
  /** Waits for every outstanding write; rejects with the first failure of any. */
  drain(): Promise<void>;
}

interface Write {
  promise: Promise<void>;
  done: boolean;
}

export function createReporterBacklog(limit: number): ReporterBacklog {
  // Writes in the order they were added, from `head` on; those before `head` have all finished.
  const queue: Write[] = [];
  let head = 0;
  let outstanding = 0;
  let failure: { readonly error: unknown } | null = null;
  const raise = () => {
    if (failure !== null) throw failure.error;
  };
  const finish = (write: Write) => {
    write.done = true;
    outstanding -= 1;
    while (head < queue.length && queue[head]?.done === true) head += 1;
    if (head > 1024 && head * 2 > queue.length) {
      queue.splice(0, head);
      head = 0;
    }
  };
  return {
    add(result) {
      raise();
      if (!isThenable(result)) return undefined;
      const write: Write = { promise: Promise.resolve(), done: false };
      write.promise = Promise.resolve(result).then(
        () => finish(write),
        (error: unknown) => {
          failure ??= { error };
          finish(write);
        },
      );
      queue.push(write);
      outstanding += 1;
      if (outstanding <= limit) return undefined;
      return (queue[head] as Write).promise.then(raise);
    },
    async drain() {
      while (outstanding > 0) await Promise.all(queue.slice(head).map((write) => write.promise));
      raise();
    },
  };
}

function isThenable(value: unknown): value is Promise<void> {
  return typeof (value as { then?: unknown } | undefined)?.then === 'function';
}
