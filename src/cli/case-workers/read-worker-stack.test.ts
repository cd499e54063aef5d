import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { readWorkerStack } from './read-worker-stack.js';

const workers: Worker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.terminate()));
});

/** A worker running `source` (CommonJS), once it said it is ready to run its loop. */
async function workerRunning(source: string, name: string): Promise<Worker> {
  const worker = new Worker(`const { parentPort } = require('node:worker_threads');\n${source}`, { eval: true, name });
  workers.push(worker);
  await new Promise((ready) => worker.once('message', ready));
  return worker;
}

const SPIN = `function spin() {
  let turns = 0;
  while (true) turns += 1;
}
parentPort.postMessage('ready');
setTimeout(spin, 50);
`;

describe('readWorkerStack', () => {
  it('reads where a worker spinning in a synchronous loop is, among others, and leaves it to be terminated', async () => {
    await workerRunning("parentPort.postMessage('ready'); setInterval(() => {}, 1000);", 'idle');
    const stuck = await workerRunning(SPIN, 'stuck');
    await workerRunning("parentPort.postMessage('ready'); setInterval(() => {}, 1000);", 'idle too');
    await new Promise((done) => setTimeout(done, 200));
    const { frames, own_code_only } = await readWorkerStack(stuck, '/nowhere');
    expect(frames[0]).toBe('spin ([worker eval]:4:3)');
    expect(own_code_only).toBe(false);
    const exit = new Promise((ended) => stuck.once('exit', ended));
    await stuck.terminate();
    await expect(exit).resolves.toBe(1);
  });

  it('reads where a worker waits in Atomics.wait', async () => {
    const waiting = await workerRunning(
      "parentPort.postMessage('ready');\nsetTimeout(function block() { Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); }, 50);",
      'waiting',
    );
    await new Promise((done) => setTimeout(done, 200));
    expect((await readWorkerStack(waiting, '/nowhere')).frames[0]).toMatch(/^block \(\[worker eval\]:3:/);
  });

  it('answers no frames when the worker does not answer in time (blocked in a system call), and it can still be terminated', async () => {
    const blocked = await workerRunning(
      "parentPort.postMessage('ready');\nsetTimeout(() => require('node:child_process').execFileSync('sleep', ['3']), 50);",
      'blocked',
    );
    await new Promise((done) => setTimeout(done, 200));
    const started = Date.now();
    expect(await readWorkerStack(blocked, '/nowhere', 500)).toEqual({ frames: [], own_code_only: false });
    expect(Date.now() - started).toBeLessThan(1500);
    await blocked.terminate();
  });

  it('answers no frames for a worker that has ended', async () => {
    const ended = await workerRunning("parentPort.postMessage('ready');", 'ended');
    await ended.terminate();
    expect(await readWorkerStack(ended, '/nowhere', 300)).toEqual({ frames: [], own_code_only: false });
  });
});
