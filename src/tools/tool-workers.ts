/**
 * The worker threads function tools run in: one per tool module, kept for the whole run, so the module's own
 * state lives on from call to call as it would in-process. Several calls may be in flight in one worker.
 * Under `--workers` the main thread keeps them and case workers reach them over a port (user-code-channel.ts).
 */
import { type FoundLocation, locationKey } from '../loader/load-module.js';
import type { CallRunner, RemoteUserCode } from '../workers/user-code-channel.js';
import { WorkerHost } from '../workers/worker-host.js';

export interface ToolWorkers {
  /**
   * Where a tool module's calls run: its worker, started when first asked for, and the module loaded in it at
   * once unless `warm` is false (the first call loads it then, as the configuration's description of the
   * tool does: see describe-tool-export.ts).
   */
  hostFor(location: FoundLocation, options?: { readonly warm?: boolean }): CallRunner;
  close(): Promise<void>;
}

export function createToolWorkers(options: { readonly stop_grace_ms?: number } = {}): ToolWorkers {
  const hosts = new Map<string, WorkerHost>();
  return {
    hostFor(location, { warm = true } = {}) {
      const key = locationKey(location);
      let host = hosts.get(key);
      if (host === undefined) {
        host = new WorkerHost(options);
        if (warm) host.warm(location);
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

/** A case worker's tools: they run in the main thread's tool workers (closing them is the main thread's job). */
export function remoteToolWorkers(remote: RemoteUserCode): ToolWorkers {
  return {
    hostFor: (location) => remote.runnerFor('tool', location),
    close: async () => {},
  };
}
