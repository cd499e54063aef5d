/**
 * Keeps user code from ending or crashing the run. While a run is guarded:
 *
 * - `process.exit()`, `process.reallyExit()`, `process.abort()` and signals sent to the process itself throw a UserCodeExitError at
 *   the caller instead, naming the file and function that tried; the turn it happened in becomes an error
 *   (reported through `onUserExit`), and the run goes on. During config loading the throw makes the import
 *   fail, which is reported as a config error naming the file.
 * - `process.chdir()` throws at the caller, naming the file and function that tried: the run's relative paths (its
 *   reports, its record) are read from the working directory, which user code in this thread shares with holodeck.
 * - An uncaught exception or unhandled rejection is reported through `onCrash` (once), so the run can stop,
 *   write its reports and exit 3 — never a silent exit, never exit 1.
 *
 * holodeck itself leaves through `exitNow`, which is never patched.
 */

import { relative } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { UserCodeExitError } from '../core/errors.js';
import { realProcessKill, realUnderscoreKill, replaceUnderscoreKill } from '../core/real-process-kill.js';
import { killTarget, reachesOwnProcess } from '../workers/own-process.js';

const realExit = process.exit.bind(process);
const realAbort = process.abort.bind(process);
const realChdir = process.chdir;
const realKill = realProcessKill;
type ReallyExit = (code?: number) => never;
const withReallyExit = process as unknown as { reallyExit: ReallyExit };
const realReallyExit = withReallyExit.reallyExit.bind(process);
/** The code holodeck leaves with, once `exitNow` was called: nothing may change it after that. */
let leavingWith: number | null = null;

/**
 * Ends the process at once with `code` (holodeck's own exits). Exit listeners user code added run as always,
 * but the code is holodeck's: one that sets `process.exitCode` or calls `process.reallyExit(0)` on the way out
 * cannot turn a failing run green.
 */
export function exitNow(code: number): never {
  leavingWith = code;
  // Registered last, so it runs after every listener added before it.
  process.on('exit', () => {
    process.exitCode = code;
  });
  return realExit(code);
}

/**
 * `process.reallyExit`, Node's internal last step of `process.exit`, which user code can also call directly: while
 * holodeck leaves, it ends with holodeck's code; before that, under a guard, it is refused like `process.exit`.
 * Only in the main thread: in a worker thread it ends the thread alone, which the main thread reports.
 */
let refuseReallyExit: ((code?: number) => never) | null = null;
if (isMainThread) {
  withReallyExit.reallyExit = ((code?: number) => {
    if (leavingWith !== null) return realReallyExit(leavingWith);
    if (refuseReallyExit !== null) return refuseReallyExit(code);
    return realReallyExit(code);
  }) as ReallyExit;
  // The stall guard's way out of a main thread stuck in user code (evaluated there through the inspector).
  Object.defineProperty(process, Symbol.for('holodeck.exitAtOnce'), {
    value: (code: number) => {
      leavingWith = code;
      return realReallyExit(code);
    },
  });
}

export interface ProcessGuardOptions {
  /** Told which user code tried to end the process; returns whether a running turn took the blame. */
  readonly onUserExit: (message: string) => boolean;
  /** An uncaught exception or unhandled rejection: called once, with a description of it. */
  readonly onCrash: (description: string, error: unknown) => void;
  readonly cwd: string;
}

export interface ProcessGuard {
  dispose(): void;
}

export function guardProcess(options: ProcessGuardOptions): ProcessGuard {
  const stop = (what: string, patched: (...args: never[]) => unknown): never => {
    const message = `${callerOf(options.cwd, patched)} called ${what}: user code may not end the run`;
    options.onUserExit(message);
    throw new UserCodeExitError(message);
  };
  const exit = (code?: number | string | null) => stop(`process.exit(${code ?? ''})`, exit);
  const abort = () => stop('process.abort()', abort);
  const kill = (pid: number, signal?: string | number): true => {
    const target = killTarget(pid);
    // Signal 0 sends nothing: it checks the process exists (a pid-file library on its own pid).
    if (reachesOwnProcess(target) && signal !== 0)
      return stop(`process.kill(${target}, ${JSON.stringify(signal ?? 'SIGTERM')})`, kill);
    return realKill(target, signal);
  };
  // `process._kill`, the internal step `process.kill` ends in, which user code can call itself.
  const underscoreKill = (pid: number, signal: number): number => {
    const target = killTarget(pid);
    if (reachesOwnProcess(target) && signal !== 0) return stop(`process._kill(${target}, ${signal})`, underscoreKill);
    return realUnderscoreKill(target, signal);
  };
  const chdir = (directory: string): never => {
    throw new Error(
      `${callerOf(options.cwd, chdir)} called process.chdir(${JSON.stringify(directory)}): user code may not change the run's working directory, from which its relative paths are read — use absolute paths instead`,
    );
  };
  refuseReallyExit = (code) => stop(`process.reallyExit(${code ?? ''})`, withReallyExit.reallyExit);
  process.exit = exit as typeof process.exit;
  process.abort = abort as typeof process.abort;
  process.kill = kill as typeof process.kill;
  process.chdir = chdir;
  const restoreUnderscoreKill = replaceUnderscoreKill(underscoreKill);
  let crashed = false;
  const crash = (kind: string) => (error: unknown) => {
    // A UserCodeExitError that nobody caught was already reported on its turn; it is not a crash.
    if (error instanceof UserCodeExitError) return;
    if (crashed) return;
    crashed = true;
    options.onCrash(`${kind}: ${describe(error)}`, error);
  };
  const onException = crash('uncaught exception');
  const onRejection = crash('unhandled promise rejection');
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return {
    dispose() {
      process.exit = realExit;
      process.abort = realAbort;
      process.kill = realKill;
      process.chdir = realChdir;
      restoreUnderscoreKill();
      refuseReallyExit = null;
      process.off('uncaughtException', onException);
      process.off('unhandledRejection', onRejection);
    },
  };
}

/**
 * `divide (tools/calc.ts:4:11)`: the first stack frame above the patched function `patched` outside Node's
 * internals (frames are cut at the patched function, as this file's name is gone once bundled).
 */
function callerOf(cwd: string, patched: (...args: never[]) => unknown): string {
  const holder: { stack?: string } = {};
  Error.captureStackTrace(holder, patched);
  const frames = (holder.stack ?? '').split('\n').slice(1);
  for (const frame of frames) {
    const text = frame.trim().replace(/^at\s+/, '');
    if (text.includes('guard-process') || text.includes('node:internal') || text.startsWith('node:')) continue;
    return text.replace(/(?:file:\/\/)?(\/[^():]+)(?=:\d+:\d+)/, (path) => {
      const plain = path.replace(/^file:\/\//, '');
      const shown = relative(cwd, plain);
      return shown.startsWith('..') ? plain : shown;
    });
  }
  return 'user code';
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}
