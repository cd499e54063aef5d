/**
 * Case lines in the configuration's order while cases finish in any order (`-j N`): a case's lines are held
 * until every earlier case has finished, then released with the held ones that follow it.
 */
export interface InOrderLines {
  /** The lines of the case at `index` (none for a case that prints nothing, e.g. one restored by --resume). */
  add(index: number, lines: readonly string[]): void;
  /** Everything still held, in order (cases that never finished are skipped). */
  flush(): void;
}

export function createInOrderLines(emit: (lines: readonly string[]) => void): InOrderLines {
  const held = new Map<number, readonly string[]>();
  let next = 0;
  return {
    add(index, lines) {
      if (index < next) {
        emit(lines);
        return;
      }
      held.set(index, lines);
      while (held.has(next)) {
        const ready = held.get(next) as readonly string[];
        held.delete(next);
        next += 1;
        emit(ready);
      }
    },
    flush() {
      for (const index of [...held.keys()].sort((a, b) => a - b)) emit(held.get(index) as readonly string[]);
      held.clear();
    },
  };
}
