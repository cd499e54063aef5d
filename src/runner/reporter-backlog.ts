/**
 * The reporters' work on finished cases (a run record line appended to disk, a report's spool), followed
 * without holding the case's slot: the next case starts while the last one is being written, so a model
 * request never waits for a file write. At most `limit` writes are outstanding (the run waits for the
 * oldest beyond that), the first failure is raised at the next `add` or at `drain`, and `drain` — called
 * before the run ends, completed or interrupted — waits for every write, so nothing finished is lost.
 */
export interface ReporterBacklog {
  /** Follows a hook's result; resolves at once unless `limit` writes are outstanding. */
  add(result: void | Promise<void>): Promise<void> | undefined;
  /** Waits for every outstanding write; rejects with the first failure of any. */
  drain(): Promise<void>;
}

export function createReporterBacklog(limit: number): ReporterBacklog {
  const pending = new Set<Promise<void>>();
  let failure: { readonly error: unknown } | null = null;
  const raise = () => {
    if (failure !== null) throw failure.error;
  };
  return {
    add(result) {
      raise();
      if (!isThenable(result)) return undefined;
      const tracked: Promise<void> = Promise.resolve(result).then(
        () => void pending.delete(tracked),
        (error: unknown) => {
          pending.delete(tracked);
          failure ??= { error };
        },
      );
      pending.add(tracked);
      if (pending.size <= limit) return undefined;
      return Promise.race(pending).then(raise);
    },
    async drain() {
      while (pending.size > 0) await Promise.all(pending);
      raise();
    },
  };
}

function isThenable(value: unknown): value is Promise<void> {
  return typeof (value as { then?: unknown } | undefined)?.then === 'function';
}
