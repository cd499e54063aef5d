/**
 * Items grouped by the AbortSignal they follow, with one listener per signal however many items share it (a
 * turn's parallel tool calls), so a busy turn never trips Node's listener-leak warning.
 */
export class AbortGroups<T> {
  readonly #groups = new Map<AbortSignal, { readonly items: Set<T>; readonly listener: () => void }>();
  readonly #onAbort: (item: T, reason: unknown) => void;

  constructor(onAbort: (item: T, reason: unknown) => void) {
    this.#onAbort = onAbort;
  }

  add(signal: AbortSignal, item: T): void {
    let group = this.#groups.get(signal);
    if (group === undefined) {
      const items = new Set<T>();
      const listener = () => {
        this.#groups.delete(signal);
        for (const each of [...items]) this.#onAbort(each, signal.reason);
      };
      group = { items, listener };
      this.#groups.set(signal, group);
      signal.addEventListener('abort', listener, { once: true });
    }
    group.items.add(item);
  }

  delete(signal: AbortSignal, item: T): void {
    const group = this.#groups.get(signal);
    if (group === undefined || !group.items.delete(item) || group.items.size > 0) return;
    this.#groups.delete(signal);
    signal.removeEventListener('abort', group.listener);
  }
}
