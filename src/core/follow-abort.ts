/** A child abort signal that follows a parent through one listener, released when its scope ends. */
import { setMaxListeners } from 'node:events';

export interface FollowedAbort {
  readonly signal: AbortSignal;
  /** Stops following the parent; the child can then be collected with everything that listens to it. */
  dispose(): void;
}

/**
 * Long-lived signals must not collect per-turn listeners or `AbortSignal.any` registrations (Node keeps
 * those on the parent until it is collected): scopes such as a run, a test case or a tool call hand out their
 * own child signal instead. The child may carry any number of listeners without Node's leak warning.
 */
export function followAbort(parent: AbortSignal): FollowedAbort {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  const onAbort = () => controller.abort(parent.reason);
  if (parent.aborted) onAbort();
  else parent.addEventListener('abort', onAbort, { once: true });
  return { signal: controller.signal, dispose: () => parent.removeEventListener('abort', onAbort) };
}
