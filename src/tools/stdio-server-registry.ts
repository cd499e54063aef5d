/**
 * The stdio MCP servers still running, killed when holodeck's process exits. The SDK closes a server by ending
 * its stdin and waiting seconds before it signals it, and one that never answered `initialize` (or ignores its
 * stdin) would otherwise outlive a run that exits meanwhile (a start error, Ctrl-C, SIGTERM).
 *
 * A server started in a worker thread (`--workers`) is a child of the same process, but a worker's own `exit`
 * handlers do not run when the process exits under it: each worker tells the main thread the servers it starts
 * and sees end, over a broadcast channel, and the main thread kills those still running when it exits.
 * A signal that ends the process (SIGINT, SIGTERM, SIGHUP) when the run no longer handles them kills them too.
 */
import type { ChildProcess } from 'node:child_process';
import { BroadcastChannel, isMainThread } from 'node:worker_threads';
import { realProcessKill } from '../core/real-process-kill.js';
import { killServerGroup, OWN_GROUP } from './kill-server-group.js';

const CHANNEL = 'holodeck:stdio-servers';

type ServerNotice = { readonly started: number } | { readonly ended: number };

/** This thread's servers. */
const running = new Set<ChildProcess>();
/** The process ids of servers the worker threads started (main thread only). */
const inWorkers = new Set<number>();
let channel: BroadcastChannel | null = null;
let watching = false;

/** Keeps `child` until it exits; kills it at the process's exit if it has not. */
export function trackStdioServer(child: ChildProcess): void {
  watchExit();
  running.add(child);
  const pid = child.pid;
  if (!isMainThread && pid !== undefined) notices().postMessage({ started: pid } satisfies ServerNotice);
  child.once('exit', () => {
    running.delete(child);
    if (!isMainThread && pid !== undefined) notices().postMessage({ ended: pid } satisfies ServerNotice);
  });
}

/**
 * In the main thread, before worker threads that may start stdio servers: from then on it knows their servers,
 * and kills the ones still running when the process exits.
 */
export function watchWorkerStdioServers(): void {
  if (!isMainThread) return;
  watchExit();
  notices().onmessage = (event: unknown) => {
    const notice = (event as { data: ServerNotice }).data;
    if ('started' in notice) inWorkers.add(notice.started);
    else inWorkers.delete(notice.ended);
  };
}

function notices(): BroadcastChannel {
  if (channel === null) {
    channel = new BroadcastChannel(CHANNEL);
    // The channel never keeps a thread alive.
    channel.unref();
  }
  return channel;
}

function watchExit(): void {
  if (watching) return;
  watching = true;
  process.once('exit', killRunning);
  // A signal's default action ends the process without its `exit` handlers: one that comes when no handler of
  // the run's is listening (while the servers close after the reports) would leave them running.
  if (isMainThread) for (const signal of ENDING_SIGNALS) process.on(signal, endWithServers);
}

const ENDING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** A signal no one else handles: the servers' groups are killed, then the signal ends the process as it would. */
function endWithServers(signal: NodeJS.Signals): void {
  if (process.listenerCount(signal) > 1) return; // the run handles it, and kills the servers when it exits
  killRunning();
  for (const each of ENDING_SIGNALS) process.off(each, endWithServers);
  // Node's own kill: the run's guard refuses user code that signals the process, and this is no user code.
  realProcessKill(process.pid, signal);
}

/** Kills every server's process group: what a server started goes with it (stdio-process-transport.ts). */
function killRunning(): void {
  for (const child of running) killServerGroup(child, 'SIGKILL');
  running.clear();
  for (const pid of inWorkers) {
    try {
      process.kill(OWN_GROUP ? -pid : pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  inWorkers.clear();
}
