/**
 * How `holodeck test` and `holodeck validate`, the commands that load user code, end once their work is done
 * (reports and run record written, backends closed): stdout and stderr flushed, then the process exits with
 * the command's code. Left to end on its own, Node would first tear down the whole heap (tens of milliseconds after
 * a 5,000-case run, bench/heap-teardown.ts) and wait for any timer or handle user code left behind, so a forgotten `setInterval` in a
 * tool module would keep the finished run from ending.
 */
import { Writable } from 'node:stream';
import { exitNow } from './guard-process.js';

export async function exitWhenFlushed(code: number): Promise<never> {
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  return exitNow(code);
}

/**
 * Resolves once everything written to `stream` so far has been handed to the system (or it cannot be). The
 * stream's own `write` is passed over: user code may have replaced it with one that drops the callback. Should the
 * callback still not come, the event loop empties with nothing left to write, and that ends the wait too.
 */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || stream.writableEnded || !stream.writable) return resolve();
    const done = () => {
      process.off('beforeExit', done);
      resolve();
    };
    process.on('beforeExit', done);
    try {
      Writable.prototype.write.call(stream, '', 'utf8', done);
    } catch {
      done();
    }
  });
}
