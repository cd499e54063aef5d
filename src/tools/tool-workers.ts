/**
 * The worker threads function tools run in: one per tool module, kept for the whole run, so the module's own
 * state lives on from call to call as it would in-process. Several calls may be in flight in one worker.
 */
import type { FoundLocation } from '../loader/load-module.js';
import { WorkerHost } from '../workers/worker-host.js';

export interface ToolWorkers {
  /** The worker of a tool module: started, and the module loaded in it, when first asked for. */
  hostFor(location: FoundLocation): WorkerHost;
  close(): Promise<void>;
}

export function createToolWorkers(options: { readonly stop_grace_ms?: number } = {}): ToolWorkers {
  const hosts = new Map<string, WorkerHost>();
  return {
    hostFor(location) {
      const key = location.kind === 'file' ? location.path : `${location.base_dir}\0${location.specifier}`;
      let host = hosts.get(key);
      if (host === undefined) {
        host = new WorkerHost(options);
        host.warm(location);
        hosts.set(key, host);
      }
      return host;
    },
    async close() {
      await Promise.all([...hosts.values()].map((host) => host.close()));
      hosts.clear();
    },
  };
}
