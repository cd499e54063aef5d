/**
 * The model requests of a turn (or a judge call) that are waiting for holodeck's own rate limiter, so that one
 * that runs out of time while waiting says so — its request was never sent — instead of reading as a slow model;
 * and those sent and not yet answered, so that a timeout says whether the server sent no headers, stalled in its
 * body, or was still sending.
 */

/** Told when a request starts waiting for the limiter; the returned function ends the wait. */
export interface HoldJournal {
  /** `limiter`: what holds it, e.g. `the rate limiter of gpt-4o-mini (rate_limit: 12 requests a minute)`. */
  begin(limiter: string): () => void;
  /** A request sent to `target` (`http://127.0.0.1:8080`), told how its response comes until it ends. */
  sent?(target: string): RequestProgress;
}

/** How a sent request's response is coming. */
export interface RequestProgress {
  /** Its headers arrived. */
  headers(): void;
  /** `bytes` more of its body arrived. */
  data(bytes: number): void;
  /** The exchange is over: answered, failed or cut off. */
  end(): void;
}

export interface HoldTracker {
  readonly journal: HoldJournal;
  /**
   * ` — a model request was never sent: it waited 4.1 s for …`: what a timeout message adds while a request
   * waits (the longest wait); nothing when none does.
   */
  note(): string;
  /**
   * The requests sent and not answered: after the turn's signal aborted, those it cut off (a cut-off request stays
   * noted), which the provider may still bill.
   */
  unanswered(): number;
}

interface InFlight {
  readonly target: string;
  readonly since: number;
  headers_at: number | null;
  last_data_at: number | null;
  bytes: number;
}

/** Data within this long before a timeout: the response was still arriving, not stalled. */
const STILL_ARRIVING_MS = 1000;

export function createHoldTracker(now: () => number = Date.now): HoldTracker {
  const waiting = new Set<{ readonly limiter: string; readonly since: number }>();
  const inFlight = new Set<InFlight>();
  const seconds = (since: number) => ((now() - since) / 1000).toFixed(1);
  return {
    journal: {
      begin(limiter) {
        const hold = { limiter, since: now() };
        waiting.add(hold);
        return () => waiting.delete(hold);
      },
      sent(target) {
        const request: InFlight = { target, since: now(), headers_at: null, last_data_at: null, bytes: 0 };
        inFlight.add(request);
        return {
          headers: () => {
            request.headers_at ??= now();
          },
          data: (bytes) => {
            request.bytes += bytes;
            request.last_data_at = now();
          },
          end: () => inFlight.delete(request),
        };
      },
    },
    unanswered: () => inFlight.size,
    note() {
      let longest: { readonly limiter: string; readonly since: number } | null = null;
      for (const hold of waiting) if (longest === null || hold.since < longest.since) longest = hold;
      if (longest !== null) {
        return ` — a model request was never sent: it waited ${seconds(longest.since)} s for ${longest.limiter}`;
      }
      let oldest: InFlight | null = null;
      for (const request of inFlight) if (oldest === null || request.since < oldest.since) oldest = request;
      return oldest === null ? '' : inFlightNote(oldest, seconds, now());
    },
  };
}

/** What the oldest unanswered request was doing when the time ran out. */
function inFlightNote(request: InFlight, seconds: (since: number) => string, at: number): string {
  const to = `the model request to ${request.target}`;
  if (request.headers_at === null)
    return ` — ${to} had no response headers ${seconds(request.since)} s after it was sent`;
  const size = `${request.bytes} ${request.bytes === 1 ? 'byte' : 'bytes'}`;
  if (request.last_data_at === null) {
    return ` — ${to} had its response headers, then no byte of the body in ${seconds(request.headers_at)} s`;
  }
  if (at - request.last_data_at < STILL_ARRIVING_MS) {
    return ` — the response to ${to} was still arriving: ${size} of its body in ${seconds(request.headers_at)} s`;
  }
  return ` — the response to ${to} stalled: ${size} of its body came, the last ${seconds(request.last_data_at)} s ago`;
}
