/**
 * What code in a worker thread writes to stdout or stderr waits in the thread until the main thread has taken
 * it, which it does only between the thread's turns of its event loop. Code that prints without pause (a loop
 * that never returns) would keep it all — gigabytes before its time limit ends the call. Past LIMIT characters
 * waiting, writes are dropped and counted; once what waited has been taken, a line says how much was dropped.
 */

/** Characters a thread's stream may hold back, each of stdout and stderr. */
export const THREAD_OUTPUT_LIMIT = 8 * 1024 * 1024;

export function boundThreadOutput(stream: NodeJS.WriteStream, limit = THREAD_OUTPUT_LIMIT): void {
  const original = stream.write;
  // Writes are dropped only once the stream has said it is full, so its 'drain' comes to tell of them.
  const bound = Math.max(limit, stream.writableHighWaterMark);
  let dropped = 0;
  stream.on('drain', () => {
    if (dropped === 0) return;
    const note = `[holodeck: ${dropped} characters of output dropped here, written faster than they could be shown]\n`;
    dropped = 0;
    Reflect.apply(original, stream, [note]);
  });
  stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
    // An empty write (flush-thread-output.ts waits on one) holds nothing: it goes after what waits, never dropped.
    if (stream.writableLength <= bound || chunk.length === 0) {
      return Reflect.apply(original, stream, [chunk, ...rest]) as boolean;
    }
    dropped += chunk.length;
    const callback = rest.find((arg): arg is (error?: Error | null) => void => typeof arg === 'function');
    if (callback !== undefined) queueMicrotask(() => callback(null));
    return false;
  }) as NodeJS.WriteStream['write'];
}
