/**
 * One full garbage collection of this thread, now. Loading a large suite leaves the main thread's heap holding
 * ~100 MB of freed parse garbage for seconds (V8 returns it at its next full collection); the case worker
 * threads start meanwhile, and both add up in the process's resident size. The main thread is idle while the
 * first worker starts, so collecting then costs the run nothing (≈ 10–40 ms of one core). `gc` is exposed to
 * one new context only, and hidden again for any context created after it (user code, workers).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  let gc: unknown;
  try {
    gc = runInNewContext('gc');
  } finally {
    // Hidden again before collecting: the window another thread's new context could see it in stays tiny.
    setFlagsFromString('--no-expose-gc');
  }
  if (typeof gc === 'function') gc();
}
