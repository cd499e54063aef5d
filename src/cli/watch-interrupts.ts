/**
 * Ctrl-C (SIGINT/SIGTERM). The first one stops scheduling: no new test case starts, running ones may finish
 * within the grace period, after which they are cancelled; the run then saves what finished and writes its
 * reports. A second one cancels the running cases at once (the run is saved and reported as after the grace
 * period); one more exits at once (finished cases are already on disk in the run's log).
 */

import { clearRunTimer, runTimer } from '../core/clock.js';
import { clearProgressLines } from '../reporters/console-progress.js';
import { exitNow } from './guard-process.js';

export interface InterruptWatch {
  /** Aborted on the first signal: start no new case. */
  readonly stop: AbortSignal;
  /** Aborted when the grace period ends: cancel running turns. */
  readonly cancel: AbortSignal;
  /** Stops scheduling and cancels running turns at once (the run cannot be trusted to go on). */
  abortNow(reason: Error): void;
  dispose(): void;
}

export interface InterruptOptions {
  readonly grace_ms: number;
  readonly onStop: (signal: NodeJS.Signals) => void;
  readonly onCancel: (signal: NodeJS.Signals) => void;
}

let beforeRun: (() => void) | null = null;

/**
 * Ctrl-C before the run starts (while the configuration loads and the tools start): nothing ran, so the process
 * exits at once with 130 — through `process.exit`, so that MCP servers still starting are killed with it (a
 * signal's default action would end the process without that). watchInterrupts takes over once the run starts.
 */
export function interruptBeforeRun(): void {
  if (beforeRun !== null) return;
  beforeRun = () => {
    process.stderr.write('\ninterrupted before any test case ran\n');
    exitNow(130);
  };
  process.on('SIGINT', beforeRun);
  process.on('SIGTERM', beforeRun);
  process.on('SIGHUP', beforeRun);
}

function stopInterruptBeforeRun(): void {
  if (beforeRun === null) return;
  process.off('SIGINT', beforeRun);
  process.off('SIGTERM', beforeRun);
  process.off('SIGHUP', beforeRun);
  beforeRun = null;
}

export function watchInterrupts(options: InterruptOptions): InterruptWatch {
  stopInterruptBeforeRun();
  const stop = new AbortController();
  const cancel = new AbortController();
  let timer: ReturnType<typeof setTimeout> | null = null;
  // What is said goes to stderr, which shares the terminal with the console's progress line: erased first.
  const say = (message: () => void) => {
    clearProgressLines();
    message();
  };
  const cancelNow = (signal: NodeJS.Signals) => {
    if (cancel.signal.aborted) return;
    say(() => options.onCancel(signal));
    cancel.abort();
  };
  const handler = (signal: NodeJS.Signals) => {
    if (cancel.signal.aborted) exitNow(130);
    if (stop.signal.aborted) {
      if (timer !== null) clearRunTimer(timer);
      cancelNow(signal);
      return;
    }
    say(() => options.onStop(signal));
    stop.abort();
    if (options.grace_ms <= 0) cancelNow(signal);
    else timer = runTimer(() => cancelNow(signal), options.grace_ms);
  };
  // The terminal went away (SIGHUP): no one can wait out the grace period or press Ctrl-C again, so the running
  // cases are cancelled at once and the run saved, as a second Ctrl-C does.
  const hangup = () => {
    if (cancel.signal.aborted) exitNow(130);
    if (!stop.signal.aborted) {
      say(() => options.onStop('SIGHUP'));
      stop.abort();
    }
    if (timer !== null) clearRunTimer(timer);
    cancelNow('SIGHUP');
  };
  const onInt = () => handler('SIGINT');
  const onTerm = () => handler('SIGTERM');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  process.on('SIGHUP', hangup);
  return {
    stop: stop.signal,
    cancel: cancel.signal,
    abortNow(reason) {
      if (!stop.signal.aborted) stop.abort(reason);
      if (!cancel.signal.aborted) cancel.abort(reason);
    },
    dispose() {
      if (timer !== null) clearRunTimer(timer);
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      process.off('SIGHUP', hangup);
    },
  };
}
