/** `holodeck test view`: serves the dashboard of the run records under a results folder. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Redactor } from '../core/redactor.js';
import { EventHub } from './event-hub.js';
import { createRequestHandler } from './handle-request.js';
import { hostChecker } from './host-check.js';
import { loadPageAssets } from './page-assets.js';
import { RunIndex } from './run-index.js';
import { RunStore } from './run-store.js';
import { watchResults } from './watch-results.js';

export interface DashboardOptions {
  readonly resultsDir: string;
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  readonly log?: (line: string) => void;
  /** How often the folder is checked for new runs when fs.watch says nothing (default 1000 ms). */
  readonly pollMs?: number;
  /**
   * Masks secrets of the serving environment in every API response, beside the masking records already had
   * when they were written (a record from elsewhere or from an older version may not have).
   */
  readonly redactor?: Redactor;
}

export interface Dashboard {
  readonly url: string;
  close(): Promise<void>;
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Refreshes the index when the folder may have changed and tells open pages; logs each new problem once. */
function notifier(
  index: RunIndex,
  hub: EventHub,
  resultsDir: string,
  log: (line: string) => void,
): () => Promise<void> {
  let lastProblem: string | null = null;
  return async () => {
    const before = index.version;
    try {
      await index.refresh();
      lastProblem = null;
    } catch (error) {
      const problem = `dashboard: cannot read ${resultsDir}: ${(error as Error).message}`;
      if (problem !== lastProblem) log(problem);
      lastProblem = problem;
      return;
    }
    if (index.version !== before) hub.broadcast('runs', { version: index.version });
  };
}

export async function startDashboard(options: DashboardOptions): Promise<Dashboard> {
  const write = options.log ?? (() => {});
  // What the log says of a folder or a record (a path, a reason quoting a value) is masked as the replies are.
  const log = (line: string): void => write(options.redactor ? options.redactor.text(line) : line);
  const assets = await loadPageAssets();
  const index = new RunIndex(options.resultsDir, options.redactor === undefined ? {} : { redactor: options.redactor });
  const store = new RunStore(options.resultsDir);
  const hub = new EventHub();
  let hostAllowed: (header: string) => boolean = () => false;
  const server = createServer(
    createRequestHandler({
      assets,
      index,
      store,
      hub,
      hostAllowed: (header) => hostAllowed(header),
      log,
      redactor: options.redactor ?? null,
    }),
  );
  const port = await listen(server, options.host, options.port);
  hostAllowed = hostChecker(options.host, port);
  const notify = notifier(index, hub, options.resultsDir, log);
  const watcher = watchResults(options.resultsDir, () => void notify(), { pollMs: options.pollMs });
  void notify();
  return {
    url: `http://${urlHost(options.host)}:${port}/`,
    close: async () => {
      watcher.close();
      hub.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
