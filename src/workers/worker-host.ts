/**
 * One user-code worker thread and the calls in flight in it (several at a time), started on first use and
 * replaced after it ends. A call settles for its caller at once when it is aborted or its time is up; the user
 * function's signal is aborted in the worker, and when the worker does not even notice within the grace period
 * (a synchronous loop), the thread is terminated — that truly preempts it — and the other calls in it fail with
 * a message naming the call that blocked it. `process.exit()` in user code, or an exception nobody caught, ends
 * only the worker thread: the call it came from is told so, the others that the worker went down with it.
 */

import { clearRunTimer, monotonicNow, runTimer } from '../core/clock.js';
import { describeThrown } from '../core/describe-thrown.js';
import type { FoundLocation } from '../loader/load-module.js';
import { AbortGroups } from './abort-groups.js';
import { endMessage } from './end-message.js';
import type { HostCall, HostOutcome, Pending, Thread } from './host-thread.js';
import { spawnUserCodeWorker } from './spawn-worker.js';
import type { FromWorker, ToWorker } from './worker-protocol.js';

export type { HostCall, HostOutcome } from './host-thread.js';

export interface WorkerHostOptions {
  /** How long an aborted call's worker has to notice before it is terminated (default 1000 ms). */
  readonly stop_grace_ms?: number | undefined;
  /** Told each time nothing runs in the worker any more (for pools). */
  readonly on_idle?: () => void;
  /**
   * How long a call sent to the worker may wait for the worker to receive it while no other call is running
   * there (default 5000 ms): longer, and code an earlier call left running (a timer stuck in a loop) is
   * blocking the thread, which is stopped; the call goes to a fresh worker.
   */
  readonly receive_ms?: number | undefined;
  /**
   * Calls keep no state between them (code graders): a thread that ends after its calls returned costs the
   * next call nothing, and what happened is told to `on_note` instead of failing that call.
   */
  readonly stateless?: boolean;
  /** Told what the user code did that no call's outcome can carry (a grader that crashed after returning). */
  readonly on_note?: (text: string) => void;
}

/** How many labels of past calls a thread keeps. */
const KEPT_LABELS = 64;

export const DEFAULT_STOP_GRACE_MS = 1000;
export const DEFAULT_RECEIVE_MS = 5000;
/** How long a returned call's outcome waits for what it printed to reach the main thread (bounded at 8 MB). */
const FLUSH_WAIT_MS = 10_000;

export class WorkerHost {
  readonly #graceMs: number;
  readonly #receiveMs: number;
  readonly #stateless: boolean;
  readonly #onNote: (text: string) => void;
  readonly #onIdle: () => void;
  #thread: Thread | null = null;
  /** Set when a thread ended outside any running call: the next call fails with it, once. */
  #lostState: string | null = null;
  #nextId = 1;
  readonly #watching = new AbortGroups<Pending>((entry, reason) => {
    const blocker = entry.received ? null : this.#blockerOf(entry);
    this.#cutOff(entry, { kind: 'aborted', reason, ...(blocker === null ? {} : { blocked_by: blocker }) });
  });

  constructor(options: WorkerHostOptions = {}) {
    this.#graceMs = options.stop_grace_ms ?? DEFAULT_STOP_GRACE_MS;
    this.#receiveMs = options.receive_ms ?? DEFAULT_RECEIVE_MS;
    this.#stateless = options.stateless ?? false;
    this.#onNote = options.on_note ?? (() => {});
    this.#onIdle = options.on_idle ?? (() => {});
  }

  /** Calls waiting for their outcome plus cut-off calls the worker may still be stuck in. */
  get load(): number {
    const thread = this.#thread;
    return thread === null ? 0 : thread.pending.size + thread.cut_off.size;
  }

  /** Starts the worker (if need be) and imports a module in it ahead of the first call. */
  warm(location: FoundLocation): void {
    this.#post(this.#ensureThread(), { type: 'load', location });
  }

  call(call: HostCall): Promise<HostOutcome> {
    if (call.signal?.aborted) return Promise.resolve({ kind: 'aborted', reason: call.signal.reason });
    const lost = this.#lostState;
    if (lost !== null) {
      // The module's state went with a thread that ended after its calls had returned: the next call says so.
      this.#lostState = null;
      return Promise.resolve({ kind: 'worker_ended', message: lost });
    }
    return new Promise<HostOutcome>((resolve) => {
      const thread = this.#ensureThread();
      const entry: Pending = {
        id: this.#nextId++,
        call,
        resolve,
        thread,
        started: false,
        resent: false,
        timer: null,
        received: false,
        receipt: null,
      };
      if (call.signal !== undefined) this.#watching.add(call.signal, entry);
      this.#send(entry);
    });
  }

  #send(entry: Pending): void {
    const thread = this.#ensureThread();
    entry.thread = thread;
    thread.pending.set(entry.id, entry);
    const { label, origin } = entry.call;
    thread.labels.set(entry.id, origin === undefined ? label : `${label} (${origin})`);
    if (thread.labels.size > KEPT_LABELS) thread.labels.delete(thread.labels.keys().next().value as number);
    this.#refresh(thread);
    const { target, input } = entry.call;
    try {
      thread.worker.postMessage({ type: 'call', id: entry.id, target, input } satisfies ToWorker);
      entry.received = false;
      this.#awaitReceipt(entry);
    } catch (error) {
      this.#settle(entry, { kind: 'unsendable', message: `could not be given its input: ${describeThrown(error)}` });
    }
  }

  #settle(entry: Pending, outcome: HostOutcome): void {
    const thread = entry.thread;
    if (thread.pending.get(entry.id) !== entry) return;
    thread.pending.delete(entry.id);
    thread.received.delete(entry);
    if (entry.timer !== null) clearRunTimer(entry.timer);
    if (entry.receipt !== null) clearRunTimer(entry.receipt);
    if (entry.call.signal !== undefined) this.#watching.delete(entry.call.signal, entry);
    this.#refresh(thread);
    entry.resolve(outcome);
  }

  /** Terminates the worker; calls in flight end as `worker_ended`. */
  async close(): Promise<void> {
    const thread = this.#thread;
    if (thread !== null) await this.#stop(thread, 'the run is closing', false);
  }

  #ensureThread(): Thread {
    if (this.#thread !== null) return this.#thread;
    const worker = spawnUserCodeWorker();
    const thread: Thread = {
      worker,
      pending: new Map(),
      cut_off: new Map(),
      exiting: null,
      crash: null,
      ended: false,
      running: new Set(),
      received: new Set(),
      labels: new Map(),
      answered: false,
      heard_at: monotonicNow(),
    };
    worker.on('message', (message: FromWorker) => this.#receive(thread, message));
    worker.on('error', (error) => {
      thread.crash ??= { label: null, id: null, description: describeThrown(error) };
    });
    worker.on('exit', (code) => this.#ended(thread, code));
    worker.unref();
    this.#thread = thread;
    return thread;
  }

  #receive(thread: Thread, message: FromWorker): void {
    if (thread.ended) return;
    thread.answered = true;
    thread.heard_at = monotonicNow();
    switch (message.type) {
      case 'received': {
        const entry = thread.pending.get(message.id);
        if (entry === undefined) return;
        entry.received = true;
        thread.received.add(entry);
        if (entry.receipt !== null) clearRunTimer(entry.receipt);
        entry.receipt = null;
        return;
      }
      case 'started':
        this.#startClock(thread, message.id);
        return;
      case 'settled': {
        this.#ran(thread, message.id);
        this.#noticed(thread, message.id);
        const entry = thread.pending.get(message.id);
        if (entry === undefined) return;
        if (message.flushing !== true) {
          this.#settle(entry, message.outcome);
          return;
        }
        // What it printed is on its way: the outcome waits for it (bounded), its time limit no longer runs.
        entry.held = message.outcome;
        if (entry.timer !== null) clearRunTimer(entry.timer);
        entry.timer = runTimer(() => this.#settle(entry, message.outcome), FLUSH_WAIT_MS);
        return;
      }
      case 'flushed': {
        const entry = thread.pending.get(message.id);
        if (entry?.held !== undefined) this.#settle(entry, entry.held);
        return;
      }
      case 'abort_seen':
        this.#ran(thread, message.id);
        this.#noticed(thread, message.id);
        return;
      case 'exiting':
        thread.exiting = { label: this.#labelOf(thread, message.id), id: message.id, code: message.code };
        return;
      case 'crashed':
        thread.crash ??= { label: this.#labelOf(thread, message.id), id: message.id, description: message.description };
        return;
    }
  }

  #startClock(thread: Thread, id: number): void {
    const entry = thread.pending.get(id);
    if (entry === undefined) return;
    entry.started = true;
    thread.running.add(id);
    const limit = entry.call.timeout_ms;
    if (limit !== undefined) entry.timer = runTimer(() => this.#cutOff(entry, { kind: 'timed_out' }), limit);
  }

  /** Releases the caller now, then asks the worker to abort the call and stops it if it cannot even hear that. */
  #cutOff(entry: Pending, outcome: HostOutcome): void {
    const thread = entry.thread;
    if (thread.pending.get(entry.id) !== entry) return;
    // It had returned, and waits only for its output: what it returned stands.
    if (entry.held !== undefined) {
      this.#settle(entry, entry.held);
      return;
    }
    const label = entry.call.label;
    const what = outcome.kind === 'timed_out' ? 'its time ran out' : 'it was aborted';
    const timer = runTimer(() => {
      if (thread.ended) return;
      // The call the thread is stuck in: the latest started that has not finished, this one or another.
      const stuck = [...thread.running].at(-1);
      const other = stuck === undefined || stuck === entry.id ? null : this.#labelOf(thread, stuck);
      void this.#stop(thread, other === null ? `${label} blocked it after ${what}` : `${other} blocked it`);
    }, this.#graceMs);
    timer.unref();
    thread.cut_off.set(entry.id, { label, timer });
    this.#settle(entry, outcome);
    const reason = outcome.kind === 'aborted' ? outcome.reason : null;
    // The function's signal.reason: an Error named after what stopped the call (a plain Error counts as an abort).
    const named = reason instanceof Error && reason.name !== 'Error' ? reason.name : 'AbortError';
    const name = outcome.kind === 'timed_out' ? 'TimeoutError' : named;
    const text = reason instanceof Error ? reason.message : outcome.kind === 'timed_out' ? 'timed out' : 'aborted';
    this.#post(thread, { type: 'abort', id: entry.id, name, message: text });
  }

  /**
   * A call the worker has not received in time, while none of the worker's calls is under way there (a call
   * received and not settled may hold the thread as long as its own time allows): the thread is blocked by
   * code an earlier call left running. It is stopped, and the call goes to a fresh worker.
   */
  #awaitReceipt(entry: Pending): void {
    if (entry.receipt !== null) clearRunTimer(entry.receipt);
    entry.receipt = runTimer(() => {
      entry.receipt = null;
      // Judged once the messages already waiting from the worker are read: a main thread busy past the timer's
      // time (a turn with many calls) has not heard what the worker said meanwhile.
      setImmediate(() => this.#judgeReceipt(entry));
    }, this.#receiveMs);
    entry.receipt.unref();
  }

  #judgeReceipt(entry: Pending): void {
    if (entry.receipt !== null) return;
    const thread = entry.thread;
    if (thread.pending.get(entry.id) !== entry || entry.received) return;
    // A worker heard from lately is working through the calls sent before this one (each says when it has it).
    const heard = monotonicNow() - thread.heard_at < this.#receiveMs;
    const busy = !thread.answered || heard || thread.received.size > 0 || thread.cut_off.size > 0;
    if (busy) {
      this.#awaitReceipt(entry);
      return;
    }
    const last = [...thread.labels.entries()].filter(([id]) => id !== entry.id).at(-1)?.[1];
    const culprit = last === undefined ? 'code an earlier call left running' : `code that ${last} left running`;
    const why = `${culprit} blocked it after its call had returned`;
    // A module with state (a tool) lost it with the thread: its calls fail; a grader's go to a fresh thread.
    if (!this.#stateless) {
      void this.#stop(thread, why, false);
      return;
    }
    this.#onNote(
      `${culprit} blocked its worker thread after its call had returned; the thread was stopped after ${this.#receiveMs} ms and the next call sent to a fresh one`,
    );
    void this.#stop(thread, why);
  }

  /** The call holding the thread `entry` waits in: one received there and not settled, or cut off unheard. */
  #blockerOf(entry: Pending): string | null {
    const { thread } = entry;
    for (const other of thread.received) if (other !== entry) return other.call.label;
    for (const cut of thread.cut_off.values()) return cut.label;
    return null;
  }

  #ran(thread: Thread, id: number): void {
    thread.running.delete(id);
  }

  #noticed(thread: Thread, id: number): void {
    const entry = thread.cut_off.get(id);
    if (entry === undefined) return;
    clearRunTimer(entry.timer);
    thread.cut_off.delete(id);
    this.#refresh(thread);
  }

  async #stop(thread: Thread, why: string, resend = true): Promise<void> {
    if (thread.ended) return;
    this.#finish(thread, () => `was stopped: ${why}`, resend);
    await thread.worker.terminate();
  }

  #ended(thread: Thread, code: number): void {
    const end = { exit: thread.exiting, crash: thread.crash, exit_code: code };
    const culprit = end.exit ?? end.crash;
    // A crash no call is named for (a heap out of memory) is that of the calls under way, if there are some.
    const running = [...thread.pending.values()].some((entry) => entry.started);
    // Ended by user code with no call of its own waiting (a timer that threw after its call returned).
    if (culprit !== null && (culprit.id === null ? !running : !thread.pending.has(culprit.id))) {
      const what = end.exit !== null ? `called process.exit(${end.exit.code})` : `crashed (${end.crash?.description})`;
      const label = culprit.id === null ? undefined : thread.labels.get(culprit.id);
      const earlier = label === undefined ? 'an earlier call' : `an earlier call (${label})`;
      if (this.#stateless) {
        const who = label ?? 'a call';
        this.#onNote(
          `${who} ${what} in its worker thread after it had returned; the result it returned was kept, and the next call runs in a fresh thread`,
        );
      } else {
        this.#lostState = `was not run: its worker thread ${what} after ${earlier} had returned, so the module was loaded again and its state (what earlier calls kept) is lost`;
      }
    }
    // Graders keep no state: one that was under way beside the call that ended the thread runs again in a fresh one.
    const innocent = this.#stateless && culprit?.id != null ? culprit.id : null;
    this.#finish(thread, (id) => endMessage(end, id), true, innocent);
  }

  /**
   * Marks the thread ended and forgets it. Calls that never started there go (once) to a fresh worker, since
   * nothing of them ran, and so do the calls of a stateless pool (graders) that were under way when another call,
   * `culpritId`, ended the thread; the others fail.
   */
  #finish(thread: Thread, message: (id: number) => string, resend = true, culpritId: number | null = null): void {
    if (thread.ended) return;
    thread.ended = true;
    if (this.#thread === thread) this.#thread = null;
    for (const entry of thread.cut_off.values()) clearRunTimer(entry.timer);
    thread.cut_off.clear();
    const entries = [...thread.pending.values()];
    for (const entry of entries) {
      const blameless = culpritId !== null && entry.id !== culpritId;
      if (entry.held !== undefined) {
        this.#settle(entry, entry.held);
      } else if (resend && (!entry.started || blameless) && !entry.resent) {
        thread.pending.delete(entry.id);
        entry.resent = true;
        this.#send(entry);
      } else {
        this.#settle(entry, { kind: 'worker_ended', message: message(entry.id) });
      }
    }
    this.#onIdle();
  }

  #labelOf(thread: Thread, id: number | null): string | null {
    if (id === null) return null;
    return thread.pending.get(id)?.call.label ?? thread.cut_off.get(id)?.label ?? thread.labels.get(id) ?? null;
  }

  #post(thread: Thread, message: ToWorker): void {
    if (!thread.ended) thread.worker.postMessage(message);
  }

  /** A worker keeps the process alive only while someone waits for it; says when it has nothing left to run. */
  #refresh(thread: Thread): void {
    if (thread.ended) return;
    // A call cut off keeps the process alive too, until the worker notices or is stopped: a call waiting in a
    // pool for that worker has nothing else to keep the process running.
    if (thread.pending.size + thread.cut_off.size > 0) thread.worker.ref();
    else thread.worker.unref();
    if (thread.pending.size + thread.cut_off.size === 0) this.#onIdle();
  }
}
