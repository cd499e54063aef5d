/**
 * The entry of a user-code worker thread: imports user modules (TypeScript through tsx, as in the main thread)
 * and runs their exports on request, several calls at a time. Everything it sends back is plain data.
 *
 * `process.exit()` here ends only this thread; it is announced first, naming the call it ran in, so the main
 * thread can say which grader or tool did it; so is an uncaught exception, which ends the thread too.
 * `process.kill()` of the holodeck process itself is refused (`process.abort()` is refused by Node in workers).
 */

import { AsyncLocalStorage } from 'node:async_hooks';
import { parentPort } from 'node:worker_threads';
import { protectClock } from '../core/clock.js';
import { describeThrown, thrownMessage } from '../core/describe-thrown.js';
import { realUnderscoreKill, replaceUnderscoreKill } from '../core/real-process-kill.js';
import { noExport } from '../loader/import-user-export.js';
import { describeLocation, loadModule, moduleOf } from '../loader/load-module.js';
import { pickExport } from '../loader/pick-export.js';
import { type ToolExportDescription, toolExportShape } from '../loader/tool-export-shape.js';
import { boundThreadOutput } from './bound-thread-output.js';
import { flushThreadOutput, outputPending } from './flush-thread-output.js';
import { checkGraderResult, deepFreeze, MAX_TOOL_RESULT_CHARS, toJsonValue } from './json-safe.js';
import { killTarget, reachesOwnProcess } from './own-process.js';
import { resultReadFailure } from './result-read-failure.js';
import { thrownAt } from './thrown-at.js';
import type { CallOutcome, CallTarget, FromWorker, ToWorker } from './worker-protocol.js';

// First: the run's clock and timers are taken before any user code can stub them (core/clock.ts).
protectClock();

const port = parentPort;
if (port === null) throw new Error('user-code-worker must run in a worker thread');
const channel = port;

const currentCall = new AsyncLocalStorage<number>();
/** Calls running that tried to end the run, with what they tried: such a call fails whatever it returns. */
const refused = new Map<number, string>();
const controllers = new Map<number, AbortController>();
/** Calls whose module is still loading, and those of them aborted meanwhile (they never start). */
const loading = new Set<number>();
const abortedEarly = new Set<number>();
const send = (message: FromWorker): void => port.postMessage(message);

guardProcess();
// Printing without pause must not fill the thread's memory before the call's time limit ends it.
boundThreadOutput(process.stdout);
boundThreadOutput(process.stderr);

port.on('message', (message: ToWorker) => {
  if (message.type === 'call') send({ type: 'received', id: message.id });
  if (message.type === 'load') void loadModule(message.location);
  else if (message.type === 'call' && message.target.invoke === 'describe_tool')
    void describeTool(message.id, message.target);
  else if (message.type === 'call') void runCall(message.id, message.target, message.input);
  else abortCall(message.id, message.name, message.message);
});

async function runCall(id: number, target: CallTarget, input: unknown): Promise<void> {
  loading.add(id);
  const found = await resolveTarget(target);
  loading.delete(id);
  if (abortedEarly.delete(id)) return;
  if (!found.ok) return send({ type: 'settled', id, outcome: { kind: 'load_failed', message: found.message } });
  const controller = new AbortController();
  controllers.set(id, controller);
  send({ type: 'started', id });
  let outcome: CallOutcome;
  try {
    const value = await currentCall.run(id, () => invoke(found.value, target.invoke, input, controller.signal));
    outcome = { kind: 'returned', value: target.invoke === 'tool' ? toJsonValue(value, MAX_TOOL_RESULT_CHARS) : value };
  } catch (error) {
    // Where in the module it threw, for the reports (the message, which a model may read, stays as thrown).
    const at = target.location.kind === 'file' ? thrownAt(error, target.location.path) : null;
    const description = `${describeThrown(error)}${at === null ? '' : ` (at ${at})`}`;
    outcome = { kind: 'threw', message: thrownMessage(error), description };
  } finally {
    controllers.delete(id);
  }
  // Trying to end the run fails the call even when the code caught the error it got: it cannot pass unseen.
  const refusal = refused.get(id);
  if (refusal !== undefined) {
    refused.delete(id);
    outcome = { kind: 'threw', message: refusal, description: refusal, refused: true };
  }
  if (outcome.kind === 'returned' && target.invoke === 'grader') {
    try {
      checkGraderResult(outcome.value);
    } catch (error) {
      outcome = { kind: 'unsendable', message: resultReadFailure(outcome.value, error) };
    }
  }
  const flushing = outputPending() ? ({ flushing: true } as const) : {};
  try {
    send({ type: 'settled', id, outcome, ...flushing });
  } catch (error) {
    const message = `returned a value that cannot be passed back from its worker thread (${describeThrown(error)})`;
    send({ type: 'settled', id, outcome: { kind: 'unsendable', message }, ...flushing });
  }
  if ('flushing' in flushing) void flushThreadOutput().then(() => send({ type: 'flushed', id }));
}

/** Descriptions in progress: while there are any, the port does not keep the thread alive. */
let describing = 0;

/**
 * Imports a tool's module and says what its export is, as plain data (nothing is called). While it loads the
 * port does not keep the thread alive: a top-level await that nothing is left to settle is then reported as
 * such (`import_stuck`, see load-module.ts) instead of waiting for the caller's time limit. The import runs as
 * this call, so a `process.exit()` in the module's top level names it.
 */
async function describeTool(id: number, target: CallTarget): Promise<void> {
  loading.add(id);
  describing += 1;
  channel.unref();
  let description: ToolExportDescription;
  try {
    description = await currentCall.run(id, () => describeExport(target));
  } finally {
    describing -= 1;
    if (describing === 0) channel.ref();
    loading.delete(id);
  }
  if (abortedEarly.delete(id)) return;
  try {
    send({ type: 'settled', id, outcome: { kind: 'returned', value: description } });
  } catch (error) {
    // A definition whose description or parameters are not plain data: the caller imports the module itself.
    const message = `describes the export with values that cannot be passed back (${describeThrown(error)})`;
    send({ type: 'settled', id, outcome: { kind: 'unsendable', message } });
  }
}

async function describeExport(target: CallTarget): Promise<ToolExportDescription> {
  const loaded = await loadModule(target.location);
  if (!loaded.ok) return { ok: false, reason: loaded.reason, message: loaded.message, available_exports: [] };
  const module = moduleOf(target.location);
  const picked = pickExport(loaded.namespace, target.export_name, loaded.common_js);
  if (!picked.found) return noExport(module, target.export_name, picked.available);
  return { ok: true, module, shape: toolExportShape(picked.value) };
}

function invoke(value: unknown, kind: CallTarget['invoke'], input: unknown, signal: AbortSignal): unknown {
  if (kind === 'grader') return (value as (context: unknown) => unknown)(deepFreeze(input));
  const context = Object.freeze({ signal });
  if (typeof value === 'function') return (value as (args: unknown, ctx: unknown) => unknown)(input, context);
  const definition = value as { execute: (args: unknown, ctx: unknown) => unknown };
  return definition.execute(input, context);
}

type Resolved = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string };

async function resolveTarget(target: CallTarget): Promise<Resolved> {
  const loaded = await loadModule(target.location);
  if (!loaded.ok) return { ok: false, message: loaded.message };
  const picked = pickExport(loaded.namespace, target.export_name, loaded.common_js);
  if (!picked.found)
    return { ok: false, message: `${describeLocation(target.location)} has no export "${target.export_name}"` };
  const value = picked.value;
  const callable =
    typeof value === 'function' ||
    (target.invoke === 'tool' &&
      typeof value === 'object' &&
      value !== null &&
      typeof (value as { execute?: unknown }).execute === 'function');
  if (callable) return { ok: true, value };
  return {
    ok: false,
    message: `the export "${target.export_name}" of ${describeLocation(target.location)} cannot be called`,
  };
}

function abortCall(id: number, name: string, message: string): void {
  const reason = new Error(message);
  reason.name = name;
  const controller = controllers.get(id);
  if (controller !== undefined) controller.abort(reason);
  else if (loading.has(id)) abortedEarly.add(id);
  send({ type: 'abort_seen', id });
}

function guardProcess(): void {
  const realExit = process.exit.bind(process);
  const realKill = process.kill.bind(process);
  // An exception nobody caught ends this thread (as it would a process), said first, without passing for an exit.
  process.on('uncaughtException', (error) => {
    send({ type: 'crashed', id: currentCall.getStore() ?? null, description: describeThrown(error) });
    realExit(1);
  });
  process.exit = ((code?: number | string | null) => {
    send({ type: 'exiting', id: currentCall.getStore() ?? null, code: String(code ?? process.exitCode ?? 0) });
    return realExit(code);
  }) as typeof process.exit;
  const refuse = (message: string): never => {
    const id = currentCall.getStore();
    if (id !== undefined && controllers.has(id)) refused.set(id, message);
    throw new Error(message);
  };
  process.kill = ((pid: number, signal?: string | number) => {
    const target = killTarget(pid);
    // Signal 0 sends nothing: it checks the process exists (a pid-file library on its own pid).
    if (reachesOwnProcess(target) && signal !== 0) {
      return refuse(`process.kill(${target}, ${JSON.stringify(signal ?? 'SIGTERM')}): user code may not end the run`);
    }
    return realKill(target, signal);
  }) as typeof process.kill;
  process.abort = (() => refuse('process.abort(): user code may not end the run')) as typeof process.abort;
  // `process._kill`, the internal step `process.kill` ends in, which user code can call itself.
  replaceUnderscoreKill((pid, signal) => {
    const target = killTarget(pid);
    if (reachesOwnProcess(target) && signal !== 0) {
      return refuse(`process._kill(${target}, ${signal}): user code may not end the run`);
    }
    return realUnderscoreKill(target, signal);
  });
}
