/**
 * User code shared by worker threads: under `--workers N` the threads that run function tools (one per tool
 * module for the whole run) and code graders (a small pool) belong to the main thread, as without workers, and
 * a case worker sends each call there over a MessagePort. So a tool module's state lives on across every
 * conversation of the run whichever worker runs it, and the process holds one set of user-code threads
 * instead of one per case worker.
 *
 * A call settles for its caller at once when the caller's signal aborts (the turn timed out, the run was
 * interrupted); the main thread then aborts the function's own signal, and stops code too busy to notice, as
 * for any call (worker-host.ts). A case worker that ends leaves no call running for it.
 */
import type { MessagePort } from 'node:worker_threads';
import { describeThrown } from '../core/describe-thrown.js';
import type { FoundLocation } from '../loader/load-module.js';
import type { HostCall, HostOutcome } from './worker-host.js';
import type { CallTarget } from './worker-protocol.js';

/** Which of the main thread's user-code threads a call runs in. */
export type UserCodeKind = 'tool' | 'grader';

/** Runs calls; where is up to whoever serves them. */
export interface CallRunner {
  call(call: HostCall): Promise<HostOutcome>;
}

/** The main thread's user-code threads, as a case worker's calls reach them. */
export interface UserCodeThreads {
  /** The runner of calls of `kind` to the module at `location` (a tool module's thread starts when first asked). */
  runnerFor(kind: UserCodeKind, location: FoundLocation): CallRunner;
}

/** A case worker's side of the channel. */
export interface RemoteUserCode {
  /** Calls of `kind`, run in the main thread; the first ask for a module starts its thread there. */
  runnerFor(kind: UserCodeKind, location: FoundLocation): CallRunner;
  /** Settles the calls still waiting (the worker is closing). */
  close(): void;
}

type ToMain =
  /** Start the module's thread and load the module ahead of the first call. */
  | { readonly type: 'warm'; readonly kind: UserCodeKind; readonly location: FoundLocation }
  | {
      readonly type: 'call';
      readonly kind: UserCodeKind;
      readonly id: number;
      readonly target: CallTarget;
      readonly input: unknown;
      readonly label: string;
      readonly origin: string | null;
      readonly timeout_ms: number | null;
    }
  /** The caller gave up: what aborted it, named as the function's signal will be. */
  | { readonly type: 'abort'; readonly id: number; readonly name: string; readonly message: string };

interface ToCaseWorker {
  readonly type: 'outcome';
  readonly id: number;
  readonly outcome: HostOutcome;
}

/**
 * The main thread's side: runs one case worker's calls on `threads`. The returned function ends that
 * worker's side (it ended, or the run is closing): its calls still running are aborted.
 */
export function serveUserCode(port: MessagePort, threads: UserCodeThreads): () => void {
  const running = new Map<number, AbortController>();
  port.on('message', (message: ToMain) => {
    if (message.type === 'warm') {
      // A thread that cannot start says so on the first call.
      try {
        threads.runnerFor(message.kind, message.location);
      } catch {}
    } else if (message.type === 'call') {
      const { id, target, input, label, origin, timeout_ms } = message;
      const controller = new AbortController();
      running.set(id, controller);
      const call: HostCall = {
        target,
        input,
        label,
        ...(origin === null ? {} : { origin }),
        signal: controller.signal,
        ...(timeout_ms === null ? {} : { timeout_ms }),
      };
      const settle = (outcome: HostOutcome) => {
        if (running.get(id) !== controller) return;
        running.delete(id);
        port.postMessage({ type: 'outcome', id, outcome: sendable(outcome) } satisfies ToCaseWorker);
      };
      let outcome: Promise<HostOutcome>;
      try {
        outcome = threads.runnerFor(message.kind, target.location).call(call);
      } catch (error) {
        outcome = Promise.resolve({
          kind: 'worker_ended',
          message: `could not start its worker thread: ${describeThrown(error)}`,
        });
      }
      void outcome.then(settle, (error: unknown) =>
        settle({ kind: 'worker_ended', message: `failed in the main thread: ${describeThrown(error)}` }),
      );
    } else {
      const controller = running.get(message.id);
      running.delete(message.id);
      controller?.abort(Object.assign(new Error(message.message), { name: message.name }));
    }
  });
  port.unref();
  return () => {
    const stopped = [...running.values()];
    running.clear();
    for (const controller of stopped) controller.abort(new Error("the case's worker thread ended"));
    port.close();
  };
}

/** A case worker's side: calls run in the main thread's user-code threads, over `port`. */
export function remoteUserCode(port: MessagePort): RemoteUserCode {
  let nextId = 0;
  const waiting = new Map<number, (outcome: HostOutcome) => void>();
  const warmed = new Set<string>();
  const post = (message: ToMain) => port.postMessage(message);
  port.on('message', (message: ToCaseWorker) => {
    const settle = waiting.get(message.id);
    waiting.delete(message.id);
    settle?.(message.outcome);
  });
  port.unref();
  const runner = (kind: UserCodeKind): CallRunner => ({
    call(call) {
      const { signal } = call;
      if (signal?.aborted) return Promise.resolve({ kind: 'aborted', reason: signal.reason });
      const id = nextId++;
      return new Promise<HostOutcome>((resolve) => {
        const onAbort = () => {
          waiting.delete(id);
          const reason: unknown = signal?.reason;
          resolve({ kind: 'aborted', reason });
          post({ type: 'abort', id, ...abortName(reason) });
        };
        waiting.set(id, (outcome) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(outcome);
        });
        signal?.addEventListener('abort', onAbort, { once: true });
        const { target, input, label } = call;
        try {
          const origin = call.origin ?? null;
          post({ type: 'call', kind, id, target, input, label, origin, timeout_ms: call.timeout_ms ?? null });
        } catch (error) {
          waiting.delete(id);
          signal?.removeEventListener('abort', onAbort);
          resolve({ kind: 'unsendable', message: `could not be given its input: ${describeThrown(error)}` });
        }
      });
    },
  });
  const runners = { tool: runner('tool'), grader: runner('grader') };
  return {
    runnerFor(kind, location) {
      const key = `${kind}\0${JSON.stringify(location)}`;
      if (kind === 'tool' && !warmed.has(key)) {
        warmed.add(key);
        post({ type: 'warm', kind, location });
      }
      return runners[kind];
    },
    close() {
      const left = [...waiting.values()];
      waiting.clear();
      for (const settle of left) settle({ kind: 'worker_ended', message: 'was stopped: the run is closing' });
    },
  };
}

/** How the function's signal names what aborted it (as worker-host.ts names it for a call in this thread). */
function abortName(reason: unknown): { readonly name: string; readonly message: string } {
  if (!(reason instanceof Error)) return { name: 'AbortError', message: 'aborted' };
  return { name: reason.name === 'Error' ? 'AbortError' : reason.name, message: reason.message };
}

/** An outcome as data: an abort's reason (anything) is not sent, since the caller settled with its own. */
function sendable(outcome: HostOutcome): HostOutcome {
  return outcome.kind === 'aborted' ? { kind: 'aborted', reason: null } : outcome;
}
