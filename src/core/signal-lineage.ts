/**
 * Which abort signal follows which: a child signal made by `followAbort` or a turn's signal aborts whenever its
 * parent does, for as long as it follows it. `followAny` uses this to skip a source another source already
 * follows (a turn's signal and its test case's), instead of making a signal of its own for every turn.
 */
const parents = new WeakMap<AbortSignal, AbortSignal>();

/** `child` aborts whenever `parent` does, until `forgetFollower(child)`. */
export function noteFollower(child: AbortSignal, parent: AbortSignal): void {
  parents.set(child, parent);
}

/** `child` no longer follows its parent. */
export function forgetFollower(child: AbortSignal): void {
  parents.delete(child);
}

/** Whether `signal` aborts whenever `ancestor` does, through followers noted here. */
export function followsSignal(signal: AbortSignal, ancestor: AbortSignal): boolean {
  for (let parent = parents.get(signal); parent !== undefined; parent = parents.get(parent)) {
    if (parent === ancestor) return true;
  }
  return false;
}
