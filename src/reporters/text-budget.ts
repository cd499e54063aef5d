/**
 * How many bytes of rendered results the reporters may keep in memory, shared by every report and the
 * run record of the process, so the end of a run can write them without reading them back from disk while
 * memory stays bounded: past the budget, results are read back from their spill file.
 */
export interface TextBudget {
  /** Takes `bytes` from the budget; false (and nothing taken) when they do not fit. */
  take(bytes: number): boolean;
  /** Gives back bytes taken earlier. */
  give(bytes: number): void;
  /** Bytes still free. */
  readonly free: number;
}

export function createTextBudget(bytes: number): TextBudget {
  let free = bytes;
  return {
    take(wanted) {
      if (wanted > free) return false;
      free -= wanted;
      return true;
    },
    give(returned) {
      free = Math.min(bytes, free + returned);
    },
    get free() {
      return free;
    },
  };
}

/**
 * The process's budget: 4 MiB of UTF-8 for all reports and the run record together. Spilled cases read back in
 * few reads (result-spool.ts), so a larger budget buys the end of a run little: 5,000 single-turn cases at 0 ms
 * end 43–66 ms after the last reply with 16 MiB, 46–54 ms with 4 MiB and 8 MiB less peak RSS (bench:compare).
 */
export const RETAINED_TEXT_BUDGET: TextBudget = createTextBudget(4 * 1024 * 1024);
