/**
 * Signals that the results folder may have changed: at once through fs.watch on the folder and each agent
 * folder (debounced), and every `pollMs` regardless, since fs.watch is unreliable on some file systems.
 */
import { type FSWatcher, watch } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { clearRunInterval, clearRunTimer, runInterval, runTimer } from '../core/clock.js';
import { isRunIdSegment } from './run-id.js';

export interface ResultsWatcher {
  /** Settles once the folders that exist at the start are watched. */
  readonly ready: Promise<void>;
  close(): void;
}

export interface WatchOptions {
  readonly pollMs?: number | undefined;
  readonly debounceMs?: number;
}

export const DEFAULT_POLL_MS = 1000;

export function watchResults(resultsDir: string, onSignal: () => void, options: WatchOptions = {}): ResultsWatcher {
  const root = resolve(resultsDir);
  const watchers = new Map<string, FSWatcher>();
  let closed = false;
  let debounce: NodeJS.Timeout | null = null;

  const signal = (): void => {
    if (closed) return;
    onSignal();
    void syncWatchers();
  };
  const soon = (): void => {
    if (debounce !== null || closed) return;
    debounce = runTimer(() => {
      debounce = null;
      signal();
    }, options.debounceMs ?? 100);
  };
  const watchDir = (dir: string): void => {
    if (watchers.has(dir) || closed) return;
    try {
      const watcher = watch(dir, { persistent: false }, soon);
      watcher.on('error', () => {
        watcher.close();
        watchers.delete(dir);
      });
      watchers.set(dir, watcher);
    } catch {
      // The folder may not exist yet; polling notices when it appears.
    }
  };
  const syncWatchers = async (): Promise<void> => {
    watchDir(root);
    try {
      for (const entry of await readdir(root, { withFileTypes: true })) {
        if (entry.isDirectory() && isRunIdSegment(entry.name)) watchDir(join(root, entry.name));
      }
    } catch {
      // No results folder yet.
    }
  };

  const ready = syncWatchers();
  const poll = runInterval(signal, options.pollMs ?? DEFAULT_POLL_MS);
  poll.unref();
  return {
    ready,
    close(): void {
      closed = true;
      clearRunInterval(poll);
      if (debounce !== null) clearRunTimer(debounce);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
