/**
 * `--workers N`: N case worker threads, the main thread the single coordinator. Each conversation runs on one
 * worker from its first turn to its last; its turns reach the reporters as they finish. User code is guarded
 * in a worker as in the main thread (guard-process.ts). A worker thread that still ends under its cases (a
 * crash, out of memory, an exit that escaped the guard) fails them as `error` with the cause, and the next
 * case gets a fresh worker.
 */
import { MessageChannel, type Worker } from 'node:worker_threads';
import { serveRateLimits } from '../../backends/ai-sdk/rate-limit/rate-limit-channel.js';
import { processRateLimits } from '../../backends/ai-sdk/rate-limit/rate-limit-registry.js';
import type { ModelCallStore } from '../../backends/ai-sdk/recording/model-call-store.js';
import { serveModelCalls } from '../../backends/ai-sdk/recording/recording-channel.js';
import { processWarnings } from '../../backends/ai-sdk/with-provider-warnings.js';
import type { AgentBackend } from '../../core/backend.js';
import { clearRunInterval, clearRunTimer, runInterval, runTimer } from '../../core/clock.js';
import type { ToolParams } from '../../core/closed-params.js';
import type { TestCaseConfig } from '../../core/config-types.js';
import { describeThrown } from '../../core/describe-thrown.js';
import type { TurnResult } from '../../core/results.js';
import { erroredCase } from '../../runner/errored-case.js';
import type { RunDeps } from '../../runner/run-deps.js';
import type { TestCaseRun } from '../../runner/run-test-case.js';
import { watchWorkerStdioServers } from '../../tools/stdio-server-registry.js';
import { createToolWorkers, type ToolWorkers } from '../../tools/tool-workers.js';
import { spawnWorkerScript } from '../../workers/spawn-worker.js';
import { serveUserCode, type UserCodeThreads } from '../../workers/user-code-channel.js';
import { createWorkerPool, poolSizeForCaseWorkers } from '../../workers/worker-pool.js';
import { createEventLoopBeat, type EventLoopBeat, overdue } from '../event-loop-beat.js';
import { LOAD_STALL_LIMIT_MS, OWN_CODE_FOLDER, RUN_STALL_GRACE_MS } from '../stall-guard.js';
import type { CaseWorkerData, CaseWorkerStart, FromCaseWorker, ToCaseWorker } from './case-worker-protocol.js';
import { isCloneable } from './cloneable-case.js';
import { collectGarbage } from './collect-garbage.js';
import {
  CASE_WORKER_YOUNG_MB,
  growCoordinatorNursery,
  nurseriesAreOurs,
  sizeWorkerNurseries,
} from './hold-nurseries.js';
import { readWorkerStack } from './read-worker-stack.js';

export interface CaseWorkerPool {
  /** Runs one conversation on a worker (for runSuite's `runCase`). */
  readonly runCase: (testCase: TestCaseConfig, deps: RunDeps) => Promise<TestCaseRun>;
  /** Closes every worker's backend (tools, MCP connections) and ends the threads. */
  readonly close: () => Promise<void>;
  /**
   * Once the first worker has built its backend: a stand-in for the main thread, which builds none (no
   * model client, no MCP connection), with the agent's tool names and `close` ending the pool; or why the
   * backend could not start, as the main thread would say it (`setup`: exit 2).
   */
  readonly started: () => Promise<WorkersStarted>;
}

export type WorkersStarted =
  | { readonly ok: true; readonly backend: AgentBackend }
  | { readonly ok: false; readonly line: string; readonly setup: boolean };

interface Pending {
  readonly testCase: TestCaseConfig;
  readonly deps: RunDeps;
  readonly started: number;
  readonly resolve: (run: TestCaseRun) => void;
  readonly dispose: () => void;
  /** The reporters' turn events of this case, in order; its result waits for them. */
  events: Promise<void>;
  /** The turns the worker said had ended: kept if the thread ends before the case does. */
  readonly turns: TurnResult[];
  /** Run again alone, on a thread of its own, after the thread it shared with other cases ended. */
  readonly alone: boolean;
  /** Turn events of a case run again that the reporters already had from its first run: not sent twice. */
  replayed: number;
}

interface Slot {
  readonly worker: Worker;
  readonly pending: Map<number, Pending>;
  crash: string | null;
  /** Why the pool stopped the worker: it did not turn its event loop within its limit. */
  stalled: string | null;
  startFailure: string | null;
  readonly beat: EventLoopBeat;
  ended: Promise<void>;
}

const CLOSE_GRACE_MS = 5000;
/** How long a worker has to end its cases once the run cancels them (a second Ctrl-C, the grace period's end). */
const CANCEL_GRACE_MS = 2000;
const STALL_CHECK_MS = 500;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function startCaseWorkerPool(
  data: CaseWorkerData,
  size: number,
  /** An uncaught exception or unhandled rejection in a worker's user code. */
  onCrash: (description: string) => void,
  /** `--record`, `--replay`, `--cache`: the run's one store of model calls, which every worker uses. */
  modelCalls: ModelCallStore | null = null,
  /** The threads function tools run in (those the configuration was read with, so modules load once). */
  toolWorkers: ToolWorkers = createToolWorkers(),
): CaseWorkerPool {
  const slots: (Slot | null)[] = new Array(size).fill(null);
  let nextId = 0;
  let closing = false;
  /** A worker could not build its backend: the others could not either, so no case is sent any more. */
  let broken: string | null = null;
  let settle: (started: WorkersStarted) => void = () => {};
  const started = new Promise<WorkersStarted>((resolve) => {
    settle = resolve;
  });

  // User code runs in this thread's workers, whichever case worker calls: function tools in one thread per
  // tool module for the run (as without workers), code graders in one pool as large as the workers' would
  // have been together, as far as the cores go.
  const graders = createWorkerPool({ max_workers: poolSizeForCaseWorkers(size) });
  const userCode: UserCodeThreads = {
    runnerFor: (kind, location) =>
      kind === 'tool' ? toolWorkers.hostFor(location) : { call: (call) => graders.run(call) },
  };

  // The main thread's young generation stays small; each worker's starts at its capped size (hold-nurseries.ts).
  const nurseries = nurseriesAreOurs(process.execArgv, process.env['NODE_OPTIONS']);
  const hold = nurseries ? growCoordinatorNursery : () => {};
  if (nurseries) sizeWorkerNurseries();
  hold();

  // The stdio MCP servers the workers start are killed with this process, as this thread's own are.
  watchWorkerStdioServers();
  /** Threads that each run one case again alone; not in `slots`, so no other case is sent to them. */
  const lone = new Set<Slot>();
  /** `at`: the slot's place in `slots`, or null for a thread of its own (see `lone`). */
  const spawn = (at: number | null): Slot => {
    // Every model's limiter stays in this thread: the worker asks it for each request's permit.
    const limits = new MessageChannel();
    const calls = modelCalls === null ? null : new MessageChannel();
    const code = new MessageChannel();
    const beat = createEventLoopBeat(LOAD_STALL_LIMIT_MS);
    const workerData: CaseWorkerStart = {
      ...data,
      rate_limits: limits.port2,
      model_calls: calls?.port2 ?? null,
      user_code: code.port2,
      beat,
    };
    const ports = [limits.port2, code.port2, ...(calls === null ? [] : [calls.port2])];
    const worker = spawnWorkerScript(import.meta.url, 'case-worker', {
      workerData,
      transferList: ports,
      name: 'holodeck cases',
      // A small young generation: a worker allocates fast and keeps little, and each thread's nursery counts
      // in the process's resident size (4 MiB: no slower than 8 at 0 ms latency, bench:workers).
      resourceLimits: { maxYoungGenerationSizeMb: CASE_WORKER_YOUNG_MB },
    });
    const stopLimits = serveRateLimits(limits.port1, processRateLimits.limiterFor);
    const stopCalls = calls === null || modelCalls === null ? null : serveModelCalls(calls.port1, modelCalls);
    const stopUserCode = serveUserCode(code.port1, userCode);
    const slot: Slot = {
      worker,
      pending: new Map(),
      crash: null,
      stalled: null,
      startFailure: null,
      ended: null!,
      beat,
    };
    watchStalls();
    slot.ended = new Promise((resolve) => worker.once('exit', () => resolve()));
    worker.on('message', (message: FromCaseWorker) => onMessage(slot, message));
    worker.once('online', hold);
    worker.on('error', (error) => {
      slot.crash = describeThrown(error);
    });
    worker.once('exit', (code) => {
      stopLimits();
      stopCalls?.();
      stopUserCode();
      if (at !== null && slots[at] === slot) slots[at] = null;
      lone.delete(slot);
      const cause =
        slot.startFailure !== null
          ? `the case's worker thread could not start the backend: ${slot.startFailure}`
          : slot.stalled !== null
            ? `the case's worker thread was stopped: ${slot.stalled}`
            : slot.crash !== null
              ? `the case's worker thread crashed: ${slot.crash}`
              : `the case's worker thread ended (exit code ${code})`;
      // Which of the cases that shared the thread ended it is not known: each runs again alone, once, so only
      // the one that ends its thread again is an error.
      const shared = slot.pending.size > 1 && slot.startFailure === null;
      for (const [id, pending] of slot.pending) {
        if (shared && !pending.alone && !closing && !pending.deps.signal.aborted) runAlone(slot, id, pending);
        else fail(slot, id, pending, cause);
      }
    });
    if (at === null) lone.add(slot);
    else slots[at] = slot;
    return slot;
  };

  // A worker whose user code never returns to its event loop (a module agent's synchronous endless loop) would
  // hold its cases, and the run, for ever: it is stopped once past its limit, failing its cases, and the next
  // case gets a fresh worker.
  let stallTimer: NodeJS.Timeout | null = null;
  const watchStalls = () => {
    stallTimer ??= runInterval(() => {
      for (const slot of [...slots, ...lone]) {
        if (slot === null || slot.stalled !== null) continue;
        const late = overdue(slot.beat);
        if (late === null) continue;
        const limit = late.running
          ? `limit ${seconds(late.limit)}: the turn timeout + ${seconds(RUN_STALL_GRACE_MS)}`
          : `limit ${seconds(late.limit)} while it loads the configuration`;
        const why = `(${limit}): a module agent's factory, send or close, or a module's top level, runs a synchronous loop that never returns`;
        const took = `it did not return to its event loop for ${seconds(late.stalled)}`;
        slot.stalled = `${took} ${why}`;
        void readWorkerStack(slot.worker, OWN_CODE_FOLDER).then(({ frames, own_code_only }) => {
          const where = frames.map((frame) => `at ${frame}`).join(', ');
          // No user code was running there: the work of its cases held the thread, not a module's loop.
          const cause = own_code_only
            ? `(${limit}): no module agent's or module's code was running there, only holodeck's own work for its cases`
            : why;
          if (where !== '') slot.stalled = `${took}, stuck ${where} ${cause}`;
          return slot.worker.terminate();
        });
      }
    }, STALL_CHECK_MS);
    stallTimer.unref();
  };

  const onMessage = (slot: Slot, message: FromCaseWorker): void => {
    if (message.type === 'crash') {
      onCrash(message.description);
      // The thread's cases may never say they are done (the crash may be theirs): they end as errors, and the
      // thread with them, so the run can save what finished.
      slot.crash = message.description;
      for (const [id, pending] of slot.pending)
        fail(slot, id, pending, `the case's worker thread crashed: ${message.description}`);
      void slot.worker.terminate();
    } else if (message.type === 'warning') processWarnings(message.text);
    else if (message.type === 'ready') settle({ ok: true, backend: standIn(message.tool_names, message.tool_params) });
    else if (message.type === 'failed') {
      settle({ ok: false, line: message.line ?? message.message, setup: message.setup === true });
      slot.startFailure = message.message;
      broken = message.message;
      void slot.worker.terminate();
    } else if (message.type === 'turn') {
      const pending = slot.pending.get(message.id);
      if (pending === undefined) return;
      const { reporter } = pending.deps;
      pending.turns.push(message.turn);
      if (pending.replayed > 0) pending.replayed -= 1;
      else pending.events = pending.events.then(() => reporter.onTurnEnd?.(message.test_name, message.turn));
    } else if (message.type === 'done') {
      hold();
      const pending = slot.pending.get(message.id);
      if (pending === undefined) return;
      slot.pending.delete(message.id);
      pending.dispose();
      void pending.events.then(() => pending.resolve(message.run));
      // A thread of its own ran its one case: it ends.
      if (lone.has(slot)) slot.worker.postMessage({ type: 'close' } satisfies ToCaseWorker);
    }
  };

  const fail = (slot: Slot, id: number, pending: Pending, cause: string): void => {
    slot.pending.delete(id);
    pending.dispose();
    const { testCase, started, deps } = pending;
    // No pricing: what the turn in flight spent is no longer known (the finished turns keep their own cost).
    const result = erroredCase(testCase, cause, started, deps.now(), undefined, pending.turns);
    void pending.events.then(() => pending.resolve({ result, interrupted: pending.deps.signal.aborted }));
  };

  /** Sends a case again, from its first turn, to a thread of its own. */
  const runAlone = (from: Slot, id: number, pending: Pending): void => {
    from.pending.delete(id);
    pending.dispose();
    dispatch(spawn(null), pending.testCase, pending.deps, pending.resolve, {
      started: pending.started,
      events: pending.events,
      replayed: pending.turns.length,
    });
  };

  const pick = (): Slot => {
    let best = -1;
    for (let at = 0; at < size; at += 1) {
      const slot = slots[at] ?? null;
      if (slot === null) return spawn(at);
      if (best === -1 || slot.pending.size < (slots[best] as Slot).pending.size) best = at;
    }
    return slots[best] as Slot;
  };

  const runCase = (testCase: TestCaseConfig, deps: RunDeps): Promise<TestCaseRun> => {
    const started = deps.now();
    if (broken !== null || closing) {
      const cause = `the case's worker thread could not start the backend: ${broken ?? 'the run is closing'}`;
      const result = erroredCase(testCase, cause, started, deps.now(), deps.pricing);
      return Promise.resolve({ result, interrupted: false });
    }
    return new Promise((resolve) => dispatch(pick(), testCase, deps, resolve, null));
  };

  /** `again`: the case ran before on a thread that ended (runAlone): its start and reported turns are kept. */
  const dispatch = (
    slot: Slot,
    testCase: TestCaseConfig,
    deps: RunDeps,
    resolve: (run: TestCaseRun) => void,
    again: { started: number; events: Promise<void>; replayed: number } | null,
  ): void => {
    const id = nextId++;
    const send = (message: ToCaseWorker) => slot.worker.postMessage(message);
    const cancel = () => {
      send({ type: 'cancel', id });
      // A thread that cannot hear the cancel (user code computing) is stopped: its cases are unfinished.
      const stop = () => {
        if (!slot.pending.has(id) || slot.stalled !== null) return;
        slot.stalled = `it did not stop its case within ${seconds(CANCEL_GRACE_MS)} of the cancel`;
        void slot.worker.terminate();
      };
      runTimer(stop, CANCEL_GRACE_MS).unref();
    };
    deps.signal.addEventListener('abort', cancel, { once: true });
    const dispose = () => deps.signal.removeEventListener('abort', cancel);
    slot.pending.set(id, {
      testCase,
      deps,
      started: again?.started ?? deps.now(),
      resolve,
      dispose,
      events: again?.events ?? Promise.resolve(),
      turns: [],
      alone: again !== null,
      replayed: again?.replayed ?? 0,
    });
    const payload = data.sent_suite !== null || isCloneable(testCase) ? { test_case: testCase } : {};
    send({ type: 'run', id, test_name: testCase.name, ...payload });
    if (deps.signal.aborted) cancel();
  };

  const close = async (): Promise<void> => {
    closing = true;
    if (stallTimer !== null) clearRunInterval(stallTimer);
    const live = [...slots.filter((slot): slot is Slot => slot !== null), ...lone];
    await Promise.all(
      live.map(async (slot) => {
        slot.worker.postMessage({ type: 'close' } satisfies ToCaseWorker);
        const timer = runTimer(() => void slot.worker.terminate(), CLOSE_GRACE_MS);
        await slot.ended;
        clearRunTimer(timer);
      }),
    );
    await Promise.all([toolWorkers.close(), graders.close()]);
  };

  const standIn = (tool_names: readonly string[] | null, tool_params: readonly ToolParams[] | null): AgentBackend => ({
    name: 'case workers',
    tool_names,
    ...(tool_params === null ? {} : { tool_params }),
    openSession: () => Promise.reject(new Error('the conversations run on the case worker threads')),
    close,
  });

  // The first worker starts at once: its backend shows the configuration builds before any case is sent.
  const first = spawn(0);
  // Meanwhile this thread is idle: it drops what loading the suite left, before the workers' heaps add up.
  setImmediate(collectGarbage);
  void first.ended.then(() =>
    settle({
      ok: false,
      line: `the case worker thread ended while starting: ${first.crash ?? 'no cause'}`,
      setup: false,
    }),
  );
  return { runCase, close, started: () => started };
}
