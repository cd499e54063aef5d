import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { importUserExport } from '../loader/import-user-export.js';
import { toolTarget } from './user-code-target.js';
import { type HostCall, WorkerHost } from './worker-host.js';
import type { CallTarget } from './worker-protocol.js';

const MODULE = fileURLToPath(new URL('../../test/support/workers/fixtures/user-code.ts', import.meta.url));
const hosts: WorkerHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
});

async function newHost(): Promise<WorkerHost> {
  await importUserExport(`${MODULE}:echo`, '/');
  const host = new WorkerHost({ stop_grace_ms: 200 });
  hosts.push(host);
  return host;
}

function target(exportName: string, invoke: CallTarget['invoke'] = 'tool'): CallTarget {
  const found = toolTarget(MODULE, exportName);
  if (found === null) throw new Error('the fixture module was not loaded');
  return { ...found, invoke };
}

const call = (exportName: string, input: unknown = {}, extra: Partial<HostCall> = {}): HostCall => ({
  target: target(exportName),
  input,
  label: `tool ${exportName}`,
  ...extra,
});

describe('WorkerHost', () => {
  it('runs calls in one worker that keeps its module state, several at a time', async () => {
    const host = await newHost();
    expect(await host.call(call('count'))).toEqual({ kind: 'returned', value: 1 });
    const slow = host.call(call('sleep', { ms: 200, value: 'slow' }));
    expect(await host.call(call('count'))).toEqual({ kind: 'returned', value: 2 });
    expect(host.load).toBe(1);
    expect(await slow).toEqual({ kind: 'returned', value: 'slow' });
    expect(host.load).toBe(0);
  });

  it('names the call that ended the worker with process.exit, and tells the others', async () => {
    const host = await newHost();
    const other = host.call(call('neverSettles'));
    expect(await host.call(call('exit', { code: 4 }))).toEqual({
      kind: 'worker_ended',
      message: 'called process.exit(4)',
    });
    expect(await other).toEqual({
      kind: 'worker_ended',
      message: 'was stopped: tool exit called process.exit(4) in the same worker thread',
    });
    expect(await host.call(call('count'))).toEqual({ kind: 'returned', value: 1 });
  });

  it('blames an exception thrown from a timer on the call that set the timer', async () => {
    const host = await newHost();
    const other = host.call(call('neverSettles'));
    expect(await host.call(call('throwFromTimer'))).toEqual({
      kind: 'worker_ended',
      message: 'crashed its worker thread: RangeError: boom from a timer',
    });
    expect(await other).toEqual({
      kind: 'worker_ended',
      message: 'was stopped: tool throwFromTimer crashed the same worker thread (RangeError: boom from a timer)',
    });
  });

  it('fails a call that tried to end the run even when it caught the refusal', async () => {
    const outcome = await (await newHost()).call(call('catchKill'));
    expect(outcome).toEqual({
      kind: 'threw',
      message: `process.kill(${process.pid}, "SIGTERM"): user code may not end the run`,
      description: `process.kill(${process.pid}, "SIGTERM"): user code may not end the run`,
      refused: true,
    });
    expect(await (await newHost()).call(call('underscoreKill'))).toMatchObject({
      kind: 'threw',
      message: `process._kill(${process.pid}, 9): user code may not end the run`,
      refused: true,
    });
    const abort = await (await newHost()).call(call('abortProcess'));
    expect(abort).toMatchObject({
      kind: 'threw',
      message: 'process.abort(): user code may not end the run',
      refused: true,
    });
  });

  it('blames a crash no call is named for on the call under way, not on the next call', async () => {
    const host = await newHost();
    expect(await host.call(call('count'))).toEqual({ kind: 'returned', value: 1 });
    expect(await host.call(call('crashFromModuleTimer'))).toEqual({
      kind: 'worker_ended',
      message: 'lost its worker thread, which crashed: Error: module timer',
    });
    // The module was loaded again (its count starts over), and the call is run, not failed for an earlier one.
    expect(await host.call(call('count'))).toEqual({ kind: 'returned', value: 1 });
  });

  it('tells the next call when the thread crashed after its calls returned, the module state lost', async () => {
    const host = await newHost();
    expect(await host.call(call('count'))).toEqual({ kind: 'returned', value: 1 });
    expect(await host.call(call('throwAfterReturn'))).toEqual({ kind: 'returned', value: 'ok' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await host.call(call('count'))).toEqual({
      kind: 'worker_ended',
      message:
        'was not run: its worker thread crashed (Error: late failure) after an earlier call (tool throwAfterReturn) had returned, so the module was loaded again and its state (what earlier calls kept) is lost',
    });
    expect(await host.call(call('count'))).toEqual({ kind: 'returned', value: 1 });
  });

  it('fails the next call of a thread that code a returned call left running keeps blocked (its state is lost)', async () => {
    const host = new WorkerHost({ stop_grace_ms: 200, receive_ms: 300 });
    hosts.push(host);
    expect(await host.call(call('blockAfterReturn'))).toEqual({ kind: 'returned', value: 'ok' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await host.call(call('count'))).toEqual({
      kind: 'worker_ended',
      message: 'was stopped: code that tool blockAfterReturn left running blocked it after its call had returned',
    });
    expect(await host.call(call('count'))).toEqual({ kind: 'returned', value: 1 });
  });

  it('blames nothing on a worker working through a backlog of calls, though this thread was too busy to hear it', async () => {
    const host = new WorkerHost({ stop_grace_ms: 200, receive_ms: 100 });
    hosts.push(host);
    expect(await host.call(call('echo', 0))).toEqual({ kind: 'returned', value: 0 });
    // As a turn with thousands of tool calls does: the calls are sent, then this thread stays busy past receive_ms.
    const calls = Array.from({ length: 3000 }, (_, index) => host.call(call('echo', index)));
    const until = performance.now() + 300;
    while (performance.now() < until) {}
    const outcomes = await Promise.all(calls);
    expect(outcomes.filter((outcome) => outcome.kind !== 'returned')).toEqual([]);
  });

  it('refuses to let user code kill the holodeck process', async () => {
    const outcome = await (await newHost()).call(call('killHolodeck'));
    expect(outcome).toMatchObject({ kind: 'threw' });
    expect(outcome.kind === 'threw' && outcome.message).toMatch(
      /^process\.kill\(\d+, "SIGKILL"\): user code may not end the run$/,
    );
  });

  it('refuses every target that reaches the holodeck process: its pid, its process group, every process', async () => {
    const host = await newHost();
    const group = Number(execFileSync('ps', ['-o', 'pgid=', '-p', String(process.pid)], { encoding: 'utf8' }).trim());
    const own = [process.pid, 0, -1, -group, String(process.pid), String(-group)];
    for (const pid of own) {
      const outcome = await host.call(call('probeProcess', { pid }));
      expect(outcome.kind === 'threw' ? outcome.message : JSON.stringify(outcome), String(pid)).toMatch(
        /^process\.kill\(-?\d+, "SIGURG"\): user code may not end the run$/,
      );
      // Signal 0 sends nothing: it only asks whether the process is there (a pid-file check), and may.
      expect(await host.call(call('probeProcess', { pid, signal: 0 })), String(pid)).toEqual({
        kind: 'returned',
        value: 'sent',
      });
    }
    // Another process group (a detached child leads its own) may be signalled.
    const child = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' });
    try {
      expect(await host.call(call('probeProcess', { pid: -(child.pid as number) }))).toEqual({
        kind: 'returned',
        value: 'sent',
      });
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('keeps the worker when an aborted call notices the abort, and stops it when the call blocks it', async () => {
    const host = await newHost();
    await host.call(call('count'));
    const controller = new AbortController();
    const waiting = host.call(call('waitForAbort', {}, { signal: controller.signal }));
    controller.abort(new Error('turn over'));
    expect(await waiting).toMatchObject({ kind: 'aborted' });
    expect(await host.call(call('lastAbortSeen'))).toEqual({ kind: 'returned', value: 'AbortError: turn over' });
    expect(await host.call(call('count'))).toEqual({ kind: 'returned', value: 2 });

    const spinning = new AbortController();
    const spin = host.call(call('spin', {}, { signal: spinning.signal }));
    setTimeout(() => spinning.abort(new Error('turn over')), 100);
    expect(await spin).toMatchObject({ kind: 'aborted' });
    await expect.poll(() => host.load).toBe(0);
    expect(await host.call(call('count'))).toEqual({ kind: 'returned', value: 1 });
  });

  it('blames the call the thread is stuck in, not the aborted call that waits beside it', async () => {
    const host = await newHost();
    await host.call(call('count'));
    const hanging = new AbortController();
    const hanger = host.call(call('neverSettles', {}, { signal: hanging.signal }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const spin = host.call(call('spin', {}, { timeout_ms: 60_000 }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    hanging.abort(new Error('turn over'));
    expect(await hanger).toMatchObject({ kind: 'aborted' });
    expect(await spin).toEqual({ kind: 'worker_ended', message: 'was stopped: tool spin blocked it' });
  });

  it('sends a call that never started in a blocked worker to the fresh one', async () => {
    const host = await newHost();
    await host.call(call('count'));
    const spinning = new AbortController();
    const spin = host.call(call('spin', {}, { signal: spinning.signal }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const queued = host.call(call('count'));
    spinning.abort(new Error('turn over'));
    expect(await spin).toMatchObject({ kind: 'aborted' });
    expect(await queued).toEqual({ kind: 'returned', value: 1 });
  });

  it('counts timeout_ms from the start of the call, not while a fresh worker loads the module', async () => {
    const host = await newHost();
    expect(await host.call(call('sleep', { ms: 10 }, { timeout_ms: 150 }))).toEqual({ kind: 'returned', value: 10 });
    expect(await host.call(call('spin', {}, { timeout_ms: 150 }))).toEqual({ kind: 'timed_out' });
  });

  it('says when the export cannot be found or called in the worker', async () => {
    const host = await newHost();
    expect(await host.call(call('missing'))).toEqual({
      kind: 'load_failed',
      message: `${MODULE} has no export "missing"`,
    });
    expect(await host.call(call('notCallable'))).toEqual({
      kind: 'load_failed',
      message: `the export "notCallable" of ${MODULE} cannot be called`,
    });
  });

  it('says when the input or the returned value cannot cross to or from the worker', async () => {
    const host = await newHost();
    const input = await host.call(call('echo', { fn: () => 1 }));
    expect(input.kind === 'unsendable' && input.message).toMatch(/^could not be given its input: DataCloneError/);
    const returned = await host.call({ ...call('returnsFunction'), target: target('returnsFunction', 'grader') });
    expect(returned.kind === 'unsendable' && returned.message).toMatch(
      /^returned a value that cannot be passed back from its worker thread \(DataCloneError/,
    );
  });

  it('does not start a call whose signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('too late'));
    const host = await newHost();
    expect(await host.call(call('count', {}, { signal: controller.signal }))).toMatchObject({ kind: 'aborted' });
    expect(host.load).toBe(0);
  });
});
