import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureTool, toolFailure, turnTimeout } from '../../test/support/tools/fixture-tool.js';
import type { LoadedTool } from '../core/loaded-tool.js';
import { importUserExport } from '../loader/import-user-export.js';
import { createToolWorkers, remoteToolWorkers } from '../tools/tool-workers.js';
import { type RemoteUserCode, remoteUserCode, serveUserCode, type UserCodeThreads } from './user-code-channel.js';
import { graderTarget } from './user-code-target.js';
import { createWorkerPool } from './worker-pool.js';

// The main thread's user-code threads, and case workers' sides reaching them over their own ports.
const tools = createToolWorkers({ stop_grace_ms: 200 });
const graders = createWorkerPool({ max_workers: 2, stop_grace_ms: 200 });
const threads: UserCodeThreads = {
  runnerFor: (kind, location) => (kind === 'tool' ? tools.hostFor(location) : { call: (call) => graders.run(call) }),
};
const stops: (() => void)[] = [];
afterAll(async () => {
  for (const stop of stops) stop();
  await Promise.all([tools.close(), graders.close()]);
});
const idle = new AbortController().signal;

interface Side {
  readonly remote: RemoteUserCode;
  readonly tool: (name: string) => Promise<LoadedTool>;
  readonly stop: () => void;
}

function caseWorkerSide(): Side {
  const channel = new MessageChannel();
  const stop = serveUserCode(channel.port1, threads);
  const remote = remoteUserCode(channel.port2);
  stops.push(stop);
  return { remote, tool: (name) => fixtureTool(name, remoteToolWorkers(remote)), stop };
}

const GRADERS = fileURLToPath(new URL('../../test/support/workers/fixtures/user-code.ts', import.meta.url));

async function graderCall(remote: RemoteUserCode, exportName: string, input: unknown, timeout_ms = 1000) {
  const loaded = await importUserExport(`${GRADERS}:${exportName}`, '/');
  const target = loaded.ok ? graderTarget(loaded.value) : null;
  if (target === null) throw new Error(`cannot load ${exportName}`);
  return remote.runnerFor('grader', target.location).call({ target, input, label: `grader ${exportName}`, timeout_ms });
}

const first = caseWorkerSide();
const second = caseWorkerSide();

describe('user code called from case workers', () => {
  it('run in the main thread’s tool threads: one module state for every worker, calls side by side', async () => {
    const [counterA, counterB, sleep] = await Promise.all([
      first.tool('counter'),
      second.tool('counter'),
      first.tool('sleep'),
    ]);
    const start = Number((await counterA.execute({}, idle)).value);
    const slow = sleep.execute({ ms: 300, value: 'slow' }, idle);
    expect((await counterB.execute({}, idle)).value).toBe(start + 1);
    expect((await counterA.execute({}, idle)).value).toBe(start + 2);
    expect((await slow).value).toBe('slow');
    expect(await (await second.tool('add')).execute({ a: 2, b: 40 }, idle)).toEqual({
      value: { sum: 42, has_signal: true },
      content: null,
    });
  });

  it('pass on what the tool threw, and results as JSON', async () => {
    expect((await toolFailure((await first.tool('fails')).execute({}, idle))).message).toBe('division by zero');
    expect((await (await second.tool('nothing')).execute({}, idle)).value).toBeNull();
  });

  it('settle at once when the turn times out; the tool’s signal is aborted in its thread, named as without workers', async () => {
    const [wait, seen] = await Promise.all([first.tool('waitForAbort'), second.tool('abortSeen')]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(turnTimeout(100)), 50);
    const error = await toolFailure(wait.execute({}, controller.signal));
    expect(error.message).toBe('tool waitForAbort timed out after 0.1 s');
    await expect
      .poll(async () => (await seen.execute({}, idle)).value)
      .toBe('AbortError: turn timed out after 0.1s (llm_timeout)');
  });

  it('stop a tool stuck in a synchronous loop: its thread is replaced, the other workers’ calls fail naming it', async () => {
    const [spin, sleep, counter] = await Promise.all([
      first.tool('spin'),
      second.tool('sleep'),
      second.tool('counter'),
    ]);
    expect(Number((await counter.execute({}, idle)).value)).toBeGreaterThanOrEqual(1);
    const other = sleep.execute({ ms: 5000 }, idle);
    // Running before the tool that blocks the thread (a call that never started would go to the fresh thread).
    await new Promise((resolve) => setTimeout(resolve, 100));
    const controller = new AbortController();
    setTimeout(() => controller.abort(turnTimeout(200)), 200);
    expect((await toolFailure(spin.execute({}, controller.signal))).message).toBe('tool spin timed out after 0.2 s');
    expect((await toolFailure(other)).message).toBe(
      'tool sleep was stopped: tool spin blocked it after it was aborted',
    );
    // A fresh thread: the module loaded again, with fresh state.
    expect((await counter.execute({}, idle)).value).toBe(1);
  });

  it('left running by a case worker that ended are aborted in the tool thread', async () => {
    const gone = caseWorkerSide();
    const [wait, seen] = await Promise.all([gone.tool('waitForAbort'), first.tool('abortSeen')]);
    const pending = wait.execute({}, idle);
    await new Promise((resolve) => setTimeout(resolve, 100));
    gone.stop();
    await expect
      .poll(async () => (await seen.execute({}, idle)).value)
      .toBe("AbortError: the case's worker thread ended");
    void pending.catch(() => {});
  });

  it('end as the run closing when the case worker closes its side with calls in flight', async () => {
    const side = caseWorkerSide();
    const sleep = await side.tool('sleep');
    const pending = sleep.execute({ ms: 2000 }, idle);
    side.remote.close();
    expect((await toolFailure(pending)).message).toBe('tool sleep was stopped: the run is closing');
  });

  it('run code graders in the main thread’s pool, with their time limit', async () => {
    expect(await graderCall(first.remote, 'echo', { i: 1 })).toEqual({ kind: 'returned', value: { i: 1 } });
    expect(await graderCall(second.remote, 'spin', {}, 300)).toEqual({ kind: 'timed_out' });
    expect(await graderCall(second.remote, 'echo', 'after')).toEqual({ kind: 'returned', value: 'after' });
  });

  it('fail a call, never leave it waiting, when the main thread cannot run it', async () => {
    const channel = new MessageChannel();
    stops.push(
      serveUserCode(channel.port1, {
        runnerFor: () => {
          throw new Error('no thread can start here');
        },
      }),
    );
    const add = await fixtureTool('add', remoteToolWorkers(remoteUserCode(channel.port2)));
    expect((await toolFailure(add.execute({ a: 1, b: 2 }, idle))).message).toBe(
      'tool add could not start its worker thread: Error: no thread can start here',
    );
    const rejecting = new MessageChannel();
    stops.push(
      serveUserCode(rejecting.port1, { runnerFor: () => ({ call: () => Promise.reject(new Error('lost')) }) }),
    );
    const again = await fixtureTool('add', remoteToolWorkers(remoteUserCode(rejecting.port2)));
    expect((await toolFailure(again.execute({ a: 1, b: 2 }, idle))).message).toBe(
      'tool add failed in the main thread: Error: lost',
    );
  });

  it('never send a call whose turn already ended, and say so when its input cannot be sent', async () => {
    const controller = new AbortController();
    controller.abort(turnTimeout(2000));
    const counter = await first.tool('counter');
    expect((await toolFailure(counter.execute({}, controller.signal))).message).toBe(
      'tool counter timed out after 2 s',
    );
    const add = await first.tool('add');
    const error = await toolFailure(add.execute({ a: () => 1 }, idle));
    expect(error.message).toMatch(/^tool add could not be given its input: DataCloneError/);
  });
});
