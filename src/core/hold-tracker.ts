/**
 * The model requests of a turn (or a judge call) that are waiting for holodeck's own rate limiter, so that one
 * that runs out of time while waiting says so — its request was never sent — instead of reading as a slow model.
 */

/** Told when a request starts waiting for the limiter; the returned function ends the wait. */
export interface HoldJournal {
  /** `limiter`: what holds it, e.g. `the rate limiter of gpt-4o-mini (rate_limit: 12 requests a minute)`. */
  begin(limiter: string): () => void;
}

export interface HoldTracker {
  readonly journal: HoldJournal;
  /**
   * ` — a model request was never sent: it waited 4.1 s for …`: what a timeout message adds while a request
   * waits (the longest wait); nothing when none does.
   */
  note(): string;
}

export function createHoldTracker(now: () => number = Date.now): HoldTracker {
  const waiting = new Set<{ readonly limiter: string; readonly since: number }>();
  return {
    journal: {
      begin(limiter) {
        const hold = { limiter, since: now() };
        waiting.add(hold);
        return () => waiting.delete(hold);
      },
    },
    note() {
      let longest: { readonly limiter: string; readonly since: number } | null = null;
      for (const hold of waiting) if (longest === null || hold.since < longest.since) longest = hold;
      if (longest === null) return '';
      const seconds = ((now() - longest.since) / 1000).toFixed(1);
      return ` — a model request was never sent: it waited ${seconds} s for ${longest.limiter}`;
    },
  };
}
