/**
 * How many characters of rendered results the reporters may keep in memory, shared by every report and the
 * run record of the process, so the end of a run can write them without reading them back from disk while
 * memory stays bounded: past the budget, results are read back from their spill file.
 */
export interface TextBudget {
  /** Takes `chars` from the budget; false (and nothing taken) when they do not fit. */
  take(chars: number): boolean;
  /** Gives back characters taken earlier. */
  give(chars: number): void;
  /** Characters still free. */
  readonly free: number;
}

export function createTextBudget(chars: number): TextBudget {
  let free = chars;
  return {
    take(wanted) {
      if (wanted > free) return false;
      free -= wanted;
      return true;
    },
    give(returned) {
      free = Math.min(chars, free + returned);
    },
    get free() {
      return free;
    },
  };
}

/** The process's budget: 64 Mi characters (one-byte strings: about 64 MiB) for all reports together. */
export const RETAINED_TEXT_BUDGET: TextBudget = createTextBudget(64 * 1024 * 1024);
