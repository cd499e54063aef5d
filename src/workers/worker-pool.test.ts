import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { importUserExport } from '../loader/import-user-export.js';
import { graderTarget } from './user-code-target.js';
import type { HostCall } from './worker-host.js';
import { createWorkerPool, defaultPoolSize, poolSizeForCaseWorkers, type WorkerPool } from './worker-pool.js';

const MODULE = fileURLToPath(new URL('../../test/support/workers/fixtures/user-code.ts', import.meta.url));
const pools: WorkerPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

const notes: string[] = [];
afterEach(() => {
  notes.length = 0;
});

function newPool(max_workers: number): WorkerPool {
  const pool = createWorkerPool({ max_workers, stop_grace_ms: 200, receive_ms: 300, on_note: (t) => notes.push(t) });
  pools.push(pool);
  return pool;
}

async function call(exportName: string, input: unknown, extra: Partial<HostCall> = {}): Promise<HostCall> {
  const loaded = await importUserExport(`${MODULE}:${exportName}`, '/');
  const target = loaded.ok ? graderTarget(loaded.value) : null;
  if (target === null) throw new Error(`cannot load ${exportName}`);
  return { target, input, label: `grader ${exportName}`, ...extra };
}

describe('createWorkerPool', () => {
  it('gives each call a worker of its own: a grader stuck in a loop holds up no other', async () => {
    const pool = newPool(2);
    const spin = pool.run(await call('spin', {}, { timeout_ms: 1000 }));
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await pool.run(await call('echo', { i }, { timeout_ms: 1000 })));
    expect(results).toEqual([0, 1, 2].map((i) => ({ kind: 'returned', value: { i } })));
    expect(await spin).toEqual({ kind: 'timed_out' });
  });

  it('queues calls beyond its size, without counting the wait against their time', async () => {
    const pool = newPool(1);
    await pool.run(await call('echo', 'warm-up'));
    const slow = await call('sleep', { ms: 150 }, { timeout_ms: 1000 });
    const outcomes = await Promise.all([pool.run(slow), pool.run(slow), pool.run(slow)]);
    expect(outcomes).toEqual([150, 150, 150].map((value) => ({ kind: 'returned', value })));
    const tight = await call('sleep', { ms: 100 }, { timeout_ms: 400 });
    expect(await Promise.all([pool.run(tight), pool.run(tight), pool.run(tight)])).toEqual(
      [100, 100, 100].map((value) => ({ kind: 'returned', value })),
    );
  });

  it('sends the next call past a worker that code left running after its call returned keeps blocked', async () => {
    const pool = newPool(1);
    expect(await pool.run(await call('blockAfterReturn', {}))).toEqual({ kind: 'returned', value: 'ok' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // No timeout of its own: the call never started, so only the worker's silence can tell.
    expect(await pool.run(await call('echo', 'after'))).toEqual({ kind: 'returned', value: 'after' });
    expect(notes).toEqual([
      'code that grader blockAfterReturn left running blocked its worker thread after its call had returned; the thread was stopped after 300 ms and the next call sent to a fresh one',
    ]);
  });

  it('keeps a grader that crashed its thread after returning from failing the next call, and says so', async () => {
    const pool = newPool(1);
    expect(await pool.run(await call('throwAfterReturn', {}))).toEqual({ kind: 'returned', value: 'ok' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await pool.run(await call('echo', 'next'))).toEqual({ kind: 'returned', value: 'next' });
    expect(notes).toEqual([
      'grader throwAfterReturn crashed (Error: late failure) in its worker thread after it had returned; the result it returned was kept, and the next call runs in a fresh thread',
    ]);
  });

  it('runs a grader under way in a thread another grader ended after it returned again, in a fresh thread', async () => {
    const pool = newPool(1);
    await pool.run(await call('echo', 'warm-up'));
    const [late, slow] = await Promise.all([
      pool.run(await call('exitAfterReturn', {})),
      pool.run(await call('sleep', { ms: 200 }, { timeout_ms: 5000 })),
    ]);
    expect(late).toEqual({ kind: 'returned', value: 'ok' });
    expect(slow).toEqual({ kind: 'returned', value: 200 });
    expect(notes).toEqual([
      'grader exitAfterReturn called process.exit(0) in its worker thread after it had returned; the result it returned was kept, and the next call runs in a fresh thread',
    ]);
  });

  it('keeps a call waiting for a worker whose call was cut off from ending the process', async () => {
    // In a process of its own: with nothing else pending, only the pool can keep it alive.
    const script = [
      `import { importUserExport } from ${JSON.stringify(fileURLToPath(new URL('../loader/import-user-export.ts', import.meta.url)))};`,
      `import { graderTarget } from ${JSON.stringify(fileURLToPath(new URL('./user-code-target.ts', import.meta.url)))};`,
      `import { createWorkerPool } from ${JSON.stringify(fileURLToPath(new URL('./worker-pool.ts', import.meta.url)))};`,
      `const target = async (name) => graderTarget((await importUserExport(${JSON.stringify(MODULE)} + ':' + name, '/')).value);`,
      'const pool = createWorkerPool({ max_workers: 1, stop_grace_ms: 200 });',
      'const spin = pool.run({ target: await target("spin"), input: {}, label: "grader spin", timeout_ms: 100 });',
      'const next = pool.run({ target: await target("echo"), input: "next", label: "grader echo", timeout_ms: 1000 });',
      'console.log(JSON.stringify([await spin, await next]));',
      'await pool.close();',
    ].join('\n');
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([{ kind: 'timed_out' }, { kind: 'returned', value: 'next' }]);
  });

  it('drops a waiting call whose signal aborts', async () => {
    const pool = newPool(1);
    const busy = pool.run(await call('sleep', { ms: 300 }));
    const controller = new AbortController();
    const waiting = pool.run(await call('echo', 'never', { signal: controller.signal }));
    controller.abort(new Error('interrupted'));
    expect(await waiting).toMatchObject({ kind: 'aborted' });
    expect(await busy).toEqual({ kind: 'returned', value: 300 });
  });

  it('sizes the pool case workers share: what each would have had together, as far as the cores go', () => {
    const each = defaultPoolSize();
    expect(poolSizeForCaseWorkers(8, 64)).toBe(8 * each);
    expect(poolSizeForCaseWorkers(8, 6)).toBe(Math.max(each, 6));
    expect(poolSizeForCaseWorkers(2, 1)).toBe(each);
  });
});
