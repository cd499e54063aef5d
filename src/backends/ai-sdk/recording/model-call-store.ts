/** Where recorded model answers come from and go to: a cassette being recorded or replayed, or the cache. */
import type { KeyedRequest } from './request-key.js';
import type { StoredResponse } from './stored-response.js';

export interface StoredCall {
  readonly response: StoredResponse;
  /** How long the model took to answer when it was asked, in ms. */
  readonly latency_ms: number;
}

/** How the run ended, for a store that writes at the end. */
export interface RunEnding {
  /** Interrupted (Ctrl-C, --max-cost): what was recorded is part of a run only. */
  readonly interrupted: boolean;
}

export interface ModelCallStore {
  /**
   * The stored answer to a request, or null when the model must be asked (its answer then goes to `save`).
   * A replay throws RequestNotRecordedError instead of returning null.
   */
  find(request: KeyedRequest): Promise<StoredCall | null>;
  /** Keeps a model's answer; only answers are saved, never errors. */
  save(request: KeyedRequest, call: StoredCall): Promise<void>;
  /** Writes what is pending; returns one line saying what the store did in this run. */
  close(ending?: RunEnding): Promise<string>;
}
