/**
 * The turn that is running, as seen from anywhere in its asynchronous call chain (the agent, its tools, the
 * graders): problems that user code causes outside the turn's own error channel — trying to end the process,
 * an exception thrown from a timer — are reported to the turn they happened in, which then ends as an error.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface TurnScope {
  /** What went wrong in this turn's user code, in order. */
  readonly problems: string[];
}

const storage = new AsyncLocalStorage<TurnScope>();

/** Runs `work` as one turn: everything it starts, awaits or schedules reports to the returned scope. */
export function runInTurnScope<T>(work: () => Promise<T>): { readonly scope: TurnScope; readonly done: Promise<T> } {
  const scope: TurnScope = { problems: [] };
  return { scope, done: storage.run(scope, work) };
}

/** Records a problem on the running turn; false when no turn is running here (e.g. while the config loads). */
export function reportToCurrentTurn(problem: string): boolean {
  const scope = storage.getStore();
  if (scope === undefined) return false;
  if (!scope.problems.includes(problem)) scope.problems.push(problem);
  return true;
}
