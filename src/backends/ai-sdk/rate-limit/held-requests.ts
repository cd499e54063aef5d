/**
 * Which hold journal a model call's abort signal belongs to: a session (or a judge call) notes its signal with
 * its journal, and the rate-limit middleware, which sees only the call's parameters, tells that journal while
 * the call waits for its limiter.
 */
import type { HoldJournal } from '../../../core/hold-tracker.js';

const journals = new WeakMap<AbortSignal, HoldJournal>();

/** Calls made with `signal` tell `journal` while they wait for their limiter; undone by the returned function. */
export function noteHolds(signal: AbortSignal, journal: HoldJournal | undefined): () => void {
  if (journal === undefined) return () => {};
  journals.set(signal, journal);
  return () => journals.delete(signal);
}

export function holdsOf(signal: AbortSignal | undefined): HoldJournal | undefined {
  return signal === undefined ? undefined : journals.get(signal);
}
