/**
 * What code in a worker thread printed reaches the main thread only as the thread's event loop hands it over,
 * piece by piece; a thread stopped meanwhile (the run closing, a thread replaced) loses the rest. Before a call's
 * outcome is sent, what it printed is handed over first, so it is shown, and shown before the call's result —
 * for at most LIMIT ms, since a thread that code left blocked cannot hand anything over.
 */

/** How long a call's outcome may wait for what it printed to be taken by the main thread. */
export const FLUSH_LIMIT_MS = 200;

export function flushThreadOutput(limitMs = FLUSH_LIMIT_MS): Promise<void> {
  const streams = [process.stdout, process.stderr].filter((stream) => stream.writableLength > 0);
  if (streams.length === 0) return Promise.resolve();
  return new Promise((resolve) => {
    let left = streams.length;
    const timer = setTimeout(resolve, limitMs);
    const done = () => {
      left -= 1;
      if (left > 0) return;
      clearTimeout(timer);
      resolve();
    };
    // An empty write's callback runs once every earlier write has been taken.
    for (const stream of streams) stream.write('', done);
  });
}
