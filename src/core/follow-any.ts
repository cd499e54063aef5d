/** A signal that aborts with the first of several, through one listener on each that dispose removes. */
import type { FollowedAbort } from './follow-abort.js';
import { followsSignal } from './signal-lineage.js';

/**
 * For a turn or a tool call that must stop when any of its sources does (its own signal, the session's,
 * a closing session's). Unlike `AbortSignal.any` (about 14 µs a call, and a registration Node keeps on each
 * source until the result is collected), it costs two or three listeners, removed when the scope ends; after
 * `dispose` the signal no longer follows its sources. It aborts with the reason of the first source to abort,
 * at once when one already has. A source that another source follows (signal-lineage.ts) is left out, as that
 * one aborts with it: when a single source remains, it is the signal itself (a turn's, which follows its test
 * case's), no new signal is made and `dispose` has nothing to undo.
 */
export function followAny(all: readonly AbortSignal[]): FollowedAbort {
  const sources = all.filter((source) => !all.some((other) => other !== source && followsSignal(other, source)));
  if (sources.length === 1 && sources[0] !== undefined) return { signal: sources[0], dispose: () => undefined };
  const controller = new AbortController();
  const already = sources.find((source) => source.aborted);
  if (already !== undefined) {
    controller.abort(already.reason);
    return { signal: controller.signal, dispose: () => undefined };
  }
  const listeners = sources.map((source) => {
    const onAbort = () => controller.abort(source.reason);
    source.addEventListener('abort', onAbort, { once: true });
    return onAbort;
  });
  return {
    signal: controller.signal,
    dispose: () => {
      for (let i = 0; i < sources.length; i += 1) {
        const listener = listeners[i];
        if (listener !== undefined) sources[i]?.removeEventListener('abort', listener);
      }
    },
  };
}
