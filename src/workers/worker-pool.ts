/**
 * A small pool of user-code workers for stateless calls (code graders): each call gets a worker of its own, so a
 * call that must be terminated takes no other call down with it. Workers start on demand up to `max_workers`,
 * stay warm between calls (without keeping the process alive), and calls beyond that wait their turn; a call's
 * time limit starts when it starts running, not while it waits.
 */

import { availableParallelism } from 'node:os';
import { escapeControlChars } from '../core/display-controls.js';
import { type HostCall, type HostOutcome, WorkerHost } from './worker-host.js';

export interface WorkerPool {
  run(call: HostCall): Promise<HostOutcome>;
  close(): Promise<void>;
}

export interface WorkerPoolOptions {
  readonly max_workers?: number;
  readonly stop_grace_ms?: number;
  readonly receive_ms?: number;
  /** Told what a grader did after it had returned (default: a warning on stderr). */
  readonly on_note?: (text: string) => void;
}

interface Waiting {
  readonly call: HostCall;
  readonly resolve: (outcome: HostOutcome) => void;
  readonly onAbort: () => void;
}

/** Two workers at least (one blocked grader never holds up the rest), four at most. */
export function defaultPoolSize(): number {
  return Math.max(2, Math.min(4, availableParallelism()));
}

/**
 * The grader pool of a run on `caseWorkers` case worker threads, which all send their graders to it: what each
 * would have had, as far as the cores go (never fewer than the default).
 */
export function poolSizeForCaseWorkers(caseWorkers: number, cores = availableParallelism()): number {
  return Math.max(defaultPoolSize(), Math.min(caseWorkers * defaultPoolSize(), cores));
}

export function createWorkerPool(options: WorkerPoolOptions = {}): WorkerPool {
  const max = Math.max(1, options.max_workers ?? defaultPoolSize());
  const hosts: WorkerHost[] = [];
  const queue: Waiting[] = [];
  const drain = (): void => {
    while (queue.length > 0) {
      const host = idleHost();
      if (host === null) return;
      const next = queue.shift() as Waiting;
      next.call.signal?.removeEventListener('abort', next.onAbort);
      void host.call(next.call).then(next.resolve);
    }
  };
  const idleHost = (): WorkerHost | null => {
    const idle = hosts.find((host) => host.load === 0);
    if (idle !== undefined) return idle;
    if (hosts.length >= max) return null;
    const host = new WorkerHost({
      stop_grace_ms: options.stop_grace_ms,
      receive_ms: options.receive_ms,
      stateless: true,
      on_note: options.on_note ?? ((text) => process.stderr.write(`warning: ${escapeControlChars(text)}\n`)),
      on_idle: () => queueMicrotask(drain),
    });
    hosts.push(host);
    return host;
  };
  return {
    run(call) {
      if (call.signal?.aborted) return Promise.resolve({ kind: 'aborted', reason: call.signal.reason });
      const host = queue.length === 0 ? idleHost() : null;
      if (host !== null) return host.call(call);
      return new Promise((resolve) => {
        const onAbort = () => {
          const index = queue.indexOf(waiting);
          if (index >= 0) queue.splice(index, 1);
          resolve({ kind: 'aborted', reason: call.signal?.reason });
        };
        const waiting: Waiting = { call, resolve, onAbort };
        queue.push(waiting);
        call.signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
    async close() {
      await Promise.all(hosts.map((host) => host.close()));
    },
  };
}

let shared: WorkerPool | null = null;

/** The pool code graders share within a process (its idle workers never keep the process alive). */
export function sharedWorkerPool(): WorkerPool {
  shared ??= createWorkerPool();
  return shared;
}

/** Makes `pool` the one code graders share in this thread (a case worker: the main thread's, over a port). */
export function useSharedWorkerPool(pool: WorkerPool): void {
  shared = pool;
}
