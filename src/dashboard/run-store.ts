/**
 * Whole runs, loaded on demand for the run, case and compare views. Only the few most recently used stay in
 * memory; a cached run is reused while its file is the same version (file-version.ts).
 */

import { wallNow } from '../core/clock.js';
import type { RunRecord } from './dashboard-types.js';
import { type FileVersion, sameVersion } from './file-version.js';
import { LruCache } from './lru-cache.js';
import { locateRun, readRunFile } from './read-run-file.js';
import type { RunId } from './run-id.js';

interface Cached {
  readonly path: string;
  readonly version: FileVersion;
  readonly record: RunRecord;
}

export const DEFAULT_RUNS_IN_MEMORY = 4;

export class RunStore {
  readonly #resultsDir: string;
  readonly #now: () => number;
  readonly #cache: LruCache<string, Cached>;
  readonly #loading = new Map<string, Promise<RunRecord>>();

  constructor(resultsDir: string, options: { capacity?: number; now?: () => number } = {}) {
    this.#resultsDir = resultsDir;
    this.#now = options.now ?? wallNow;
    this.#cache = new LruCache(options.capacity ?? DEFAULT_RUNS_IN_MEMORY);
  }

  /** Ids of the runs held in memory, least recently used first. */
  get cachedIds(): string[] {
    return this.#cache.keys();
  }

  load(runId: RunId): Promise<RunRecord> {
    const inFlight = this.#loading.get(runId.id);
    if (inFlight) return inFlight;
    const loading = this.#load(runId).finally(() => this.#loading.delete(runId.id));
    this.#loading.set(runId.id, loading);
    return loading;
  }

  async #load(runId: RunId): Promise<RunRecord> {
    const file = await locateRun(this.#resultsDir, runId);
    const cached = this.#cache.get(runId.id);
    if (cached && cached.path === file.path && sameVersion(cached.version, file)) {
      return cached.record;
    }
    this.#cache.delete(runId.id);
    const record = await readRunFile(file, this.#now());
    this.#cache.set(runId.id, { path: file.path, version: file, record });
    return record;
  }
}
