/** A child abort signal that follows a parent through one listener, released when its scope ends. */
import { setMaxListeners } from 'node:events';
import { forgetFollower, noteFollower } from './signal-lineage.js';

export interface FollowedAbort {
  readonly signal: AbortSignal;
  /** Stops following the parent; the child can then be collected with everything that listens to it. */
  dispose(): void;
}

/**
 * Long-lived signals must not collect per-turn listeners or `AbortSignal.any` registrations (Node keeps
 * those on the parent until it is collected): scopes such as a run, a test case or a tool call hand out their
 * own child signal instead. With `listeners: 'many'` (the default) the child may carry any number of
 * listeners without Node's leak warning; `'few'` leaves Node's limit of 10 at once and saves the ~6 µs that
 * lifting it costs, for a scope created per test case whose listeners come and go with its turns.
 */
export function followAbort(parent: AbortSignal, listeners: 'many' | 'few' = 'many'): FollowedAbort {
  const controller = new AbortController();
  if (listeners === 'many') setMaxListeners(0, controller.signal);
  const onAbort = () => controller.abort(parent.reason);
  if (parent.aborted) onAbort();
  else parent.addEventListener('abort', onAbort, { once: true });
  noteFollower(controller.signal, parent);
  return {
    signal: controller.signal,
    dispose: () => {
      forgetFollower(controller.signal);
      parent.removeEventListener('abort', onAbort);
    },
  };
}
