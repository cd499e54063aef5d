import { clearRunTimer, runTimer } from '../core/clock.js';
import { formatLimitNumber } from '../core/format-limit-number.js';
import { forgetFollower, noteFollower } from '../core/signal-lineage.js';

/** A signal for one turn: aborted by the run's signal or after the turn's timeout, whichever comes first. */
export interface TurnSignal {
  readonly signal: AbortSignal;
  /** Rejects with a timeout or interruption error when the signal aborts. */
  readonly aborted: Promise<never>;
  dispose(): void;
}

export class TurnTimeoutError extends Error {
  readonly code = 'TURN_TIMEOUT';
  constructor(readonly timeout_ms: number) {
    super(`turn timed out after ${formatLimitNumber(timeout_ms / 1000)}s (llm_timeout)`);
    this.name = 'TurnTimeoutError';
  }
}

export class InterruptedError extends Error {
  readonly code = 'INTERRUPTED';
  constructor() {
    super('run interrupted before the turn finished');
    this.name = 'InterruptedError';
  }
}

export function createTurnSignal(parent: AbortSignal, timeout_ms: number): TurnSignal {
  const controller = new AbortController();
  let rejectAborted: (error: Error) => void = () => {};
  const aborted = new Promise<never>((_, reject) => {
    rejectAborted = reject;
  });
  aborted.catch(() => {});
  const abort = (error: Error) => {
    if (controller.signal.aborted) return;
    controller.abort(error);
    rejectAborted(error);
  };
  const timer = runTimer(() => abort(new TurnTimeoutError(timeout_ms)), timeout_ms);
  const onParentAbort = () => abort(new InterruptedError());
  if (parent.aborted) onParentAbort();
  else parent.addEventListener('abort', onParentAbort, { once: true });
  noteFollower(controller.signal, parent);
  return {
    signal: controller.signal,
    aborted,
    dispose() {
      forgetFollower(controller.signal);
      clearRunTimer(timer);
      parent.removeEventListener('abort', onParentAbort);
    },
  };
}
