/** A call to user code in a worker thread, its outcome, and what a WorkerHost keeps of a thread and its calls. */
import type { Worker } from 'node:worker_threads';
import type { ThreadEnd } from './end-message.js';
import type { CallOutcome, CallTarget } from './worker-protocol.js';

export interface HostCall {
  readonly target: CallTarget;
  readonly input: unknown;
  /** Names the caller in the messages of the other calls, e.g. `tool divide`. */
  readonly label: string;
  /** Where the call came from, e.g. `case "q1", turn 2`: named with the label when its code acts after it returned. */
  readonly origin?: string;
  /** Ends the call early: it settles as `aborted`, and the function's own signal is aborted in the worker. */
  readonly signal?: AbortSignal;
  /** Time allowed once the function starts (after its module has loaded in the worker): then `timed_out`. */
  readonly timeout_ms?: number;
}

export type HostOutcome =
  | CallOutcome
  | { readonly kind: 'timed_out' }
  /** `blocked_by`: the call that held the thread while this one waited to be received (its label). */
  | { readonly kind: 'aborted'; readonly reason: unknown; readonly blocked_by?: string }
  /** The worker thread ended under the call; `message` says how, from the call's point of view. */
  | { readonly kind: 'worker_ended'; readonly message: string };

export interface Pending {
  readonly id: number;
  readonly call: HostCall;
  readonly resolve: (outcome: HostOutcome) => void;
  /** The thread the call was last sent to. */
  thread: Thread;
  /** The function was called (the worker said `started`): such a call is never sent again. */
  started: boolean;
  /** A call that never started is sent once more to a fresh worker when its worker ends under it. */
  resent: boolean;
  timer: NodeJS.Timeout | null;
  /** The worker said it received the call. */
  received: boolean;
  /** Runs out when the worker does not receive the call in time. */
  receipt: NodeJS.Timeout | null;
  /** The call's outcome, held while what it printed is on its way (`flushing`). */
  held?: CallOutcome;
}

/** One worker thread's life: its calls, and how it ended. */
export interface Thread {
  readonly worker: Worker;
  readonly pending: Map<number, Pending>;
  /** Calls cut off for their caller that the worker has not yet shown it noticed. */
  readonly cut_off: Map<number, { readonly label: string; readonly timer: NodeJS.Timeout }>;
  exiting: ThreadEnd['exit'];
  crash: ThreadEnd['crash'];
  ended: boolean;
  /**
   * Calls started and neither settled nor seen aborted by the worker, in the order they started: the last holds
   * the thread when it stops answering (it could not have started another after a call that blocks it).
   */
  readonly running: Set<number>;
  /** Calls the worker said it received and that have not settled: one of them may hold the thread. */
  readonly received: Set<Pending>;
  /** The labels of the latest calls sent, by id: to name a call whose code acted after it had returned. */
  readonly labels: Map<number, string>;
  /**
   * The worker has sent a message: it is up. Only then does a call it does not receive count as blocked (a
   * thread still starting, slow on a loaded machine, is not blocked by anything).
   */
  answered: boolean;
  /**
   * When the worker last sent a message (core/clock.ts monotonicNow): a worker working through a backlog of calls sends
   * one for each, so one that is heard from is not blocked, however long its queue.
   */
  heard_at: number;
}
