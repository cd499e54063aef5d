/**
 * The turn that is running, as seen from anywhere in its asynchronous call chain (the agent, its tools, the
 * graders): problems that user code causes outside the turn's own error channel — trying to end the process,
 * an exception thrown from a timer — are reported to the turn they happened in, which then ends as an error.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface TurnScope {
  /** What went wrong in this turn's user code, in order. */
  readonly problems: string[];
  /** The turn has ended: what code it left behind (a timer) does later is no longer its own. */
  ended: boolean;
}

const storage = new AsyncLocalStorage<TurnScope>();

/** Runs `work` as one turn: everything it starts, awaits or schedules reports to the returned scope. */
export function runInTurnScope<T>(work: () => Promise<T>): { readonly scope: TurnScope; readonly done: Promise<T> } {
  const scope: TurnScope = { problems: [], ended: false };
  const done = storage.run(scope, work).finally(() => {
    scope.ended = true;
  });
  return { scope, done };
}

/**
 * Records a problem on the running turn; false when no turn is running here (e.g. while the config loads), or
 * the turn whose code this is has ended.
 */
export function reportToCurrentTurn(problem: string): boolean {
  const scope = storage.getStore();
  if (scope === undefined || scope.ended) return false;
  if (!scope.problems.includes(problem)) scope.problems.push(problem);
  return true;
}
