/**
 * The last word on an error no command handled: one that escaped a command, or an uncaught exception or
 * unhandled rejection outside a guarded run (guard-run.ts has its own, which saves what the run finished). Left
 * to Node, it printed a stack trace and exited 1, which CI reads as "a test case failed". A failure of the
 * environment (environment-failure.ts) is said in one line with its own exit code; anything else is holodeck's
 * bug, said with its stack, exit 3.
 */
import { escapeControlChars } from '../core/display-controls.js';
import { environmentFailure } from './environment-failure.js';
import { EXIT } from './exit-codes.js';
import { exitWhenFlushed } from './exit-when-flushed.js';

let exiting = false;

export async function exitOnFatalError(error: unknown): Promise<void> {
  if (exiting) return;
  exiting = true;
  const known = environmentFailure(error);
  const text = known?.message ?? `holodeck stopped on an unexpected error: ${describe(error)}`;
  process.stderr.write(`error: ${escapeControlChars(text)}\n`);
  await exitWhenFlushed(known?.exitCode ?? EXIT.runtime);
}

/** Sends uncaught exceptions and unhandled rejections to exitOnFatalError while no run guard listens for them. */
export function catchStrayErrors(): void {
  for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
    process.on(event, (error: unknown) => {
      // A guarded run listens too: it stops the run, saves what finished and exits 3 itself.
      if (process.listenerCount(event) > 1) return;
      void exitOnFatalError(error);
    });
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}
