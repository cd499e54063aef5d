/**
 * How `holodeck test` and `holodeck validate`, the commands that load user code, end once their work is done
 * (reports and run record written, backends closed): the standard streams flushed, then the process exits
 * with the command's code. Left to end on its own, Node would
 * first tear down the whole heap (≈ 0.1 s after a 5,000-case run) and wait for any timer or handle that user
 * code left behind, so a forgotten `setInterval` in a tool module would keep the finished run from ending.
 */
import { exitNow } from './guard-process.js';

export async function exitWhenFlushed(
  code: number,
  streams: readonly NodeJS.WritableStream[] = [process.stdout, process.stderr],
): Promise<never> {
  await Promise.all(streams.map(flushed));
  return exitNow(code);
}

/** Resolves once everything written to `stream` so far has been handed to the system (or it cannot be). */
function flushed(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve) => {
    const writable = stream as NodeJS.WritableStream & { destroyed?: boolean; writableEnded?: boolean };
    if (writable.destroyed === true || writable.writableEnded === true || !stream.writable) return resolve();
    try {
      stream.write('', () => resolve());
    } catch {
      resolve();
    }
  });
}
