/**
 * The process guard of a `holodeck test` run (see guard-process.ts), wired to the runner and the exit code:
 * user code that tries to end the process fails the turn it runs in; an uncaught exception or unhandled
 * rejection stops the run (the listener cancels it so the reports and the run record are written with what
 * finished) and makes the exit code 3, also when it happens after the last case, while the run is wrapped up.
 */
import { escapeControlChars } from '../core/display-controls.js';
import { reportToCurrentTurn } from '../runner/turn-scope.js';
import { EXIT } from './exit-codes.js';
import { guardProcess } from './guard-process.js';

export interface RunGuard {
  /** The crash that stopped the run, if any. */
  crash(): string | null;
  /** Called once on a crash: stop the run. */
  onCrash(listener: (reason: Error) => void): void;
  /** A crash elsewhere (a case worker thread's uncaught exception), handled as one of this process. */
  report(description: string): void;
}

export function guardRun(stderr: NodeJS.WritableStream): RunGuard {
  let crash: string | null = null;
  let listener: ((reason: Error) => void) | null = null;
  const report = (description: string): void => {
    if (crash !== null) return;
    crash = description;
    process.exitCode = EXIT.runtime;
    // User code's error message, shown as text: its escape sequences do not reach the terminal.
    stderr.write(`\nerror: ${escapeControlChars(description)}\n`);
    if (listener === null) return;
    stderr.write('error: stopping the run; the finished test cases and reports are being saved\n');
    listener(new Error(`the run stopped after an ${description.split('\n')[0]}`));
  };
  guardProcess({ cwd: process.cwd(), onUserExit: blameRunningTurn(stderr), onCrash: report });
  return {
    report,
    crash: () => crash,
    onCrash(next) {
      listener = next;
    },
  };
}

/**
 * An attempt of user code to end the process, told to the turn it runs in; code a turn left behind (a timer)
 * may try it when that turn has ended: refused all the same, and said on stderr.
 */
export function blameRunningTurn(stderr: NodeJS.WritableStream): (message: string) => boolean {
  return (message) => {
    if (reportToCurrentTurn(message)) return true;
    stderr.write(
      `warning: ${escapeControlChars(message)} — outside any running turn: refused, and no turn failed for it\n`,
    );
    return false;
  };
}
