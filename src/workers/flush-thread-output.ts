/**
 * What code in a worker thread printed reaches the main thread only as the thread's event loop hands it over,
 * piece by piece; a thread stopped meanwhile (the run closing, a thread replaced) loses the rest. A call whose
 * output is still on its way sends its outcome marked `flushing`, then `flushed` once the output has been taken:
 * the main thread holds the outcome until then (worker-host.ts bounds the wait), so the output is shown, before
 * the call's result.
 */

/** Whether what this thread printed is still on its way to the main thread. */
export function outputPending(): boolean {
  return process.stdout.writableLength > 0 || process.stderr.writableLength > 0;
}

/**
 * Settles once everything printed so far has been taken by the main thread, and what that wrote in turn (the line
 * saying how much output was dropped, written when the stream drains).
 */
export async function flushThreadOutput(): Promise<void> {
  for (let round = 0; round < 3 && outputPending(); round += 1) await takenSoFar();
}

function takenSoFar(): Promise<void> {
  const streams = [process.stdout, process.stderr].filter((stream) => stream.writableLength > 0);
  if (streams.length === 0) return Promise.resolve();
  return new Promise((resolve) => {
    let left = streams.length;
    const done = () => {
      left -= 1;
      if (left === 0) resolve();
    };
    // An empty write's callback runs once every earlier write has been taken.
    for (const stream of streams) stream.write('', done);
  });
}
