/**
 * What running user code in worker threads costs: the start of a tool's worker (first call of a JavaScript and of
 * a TypeScript module), the latency of a function-tool call and of a code grader once warm, against calling the
 * same function in-process as holodeck did before, calls in flight side by side, and how long a tool stuck in a
 * synchronous loop holds its module up (abort → worker terminated → next call answered).
 * Uses the build (run `npm run build` first).
 *
 *   npx tsx bench/user-code-worker.ts [--calls 2000] [--parallel 16]
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { FunctionToolConfig } from '../src/core/config-types.js';
import type { EvaluationInput } from '../src/core/evaluator.js';
import type { LoadedTool } from '../src/core/loaded-tool.js';
import { loadAverage } from './lib/run-cli.js';

const dist = (path: string) => new URL(`../dist/${path}`, import.meta.url).href;
const { importModuleExport } = (await import(
  dist('loader/import-user-export.js')
)) as typeof import('../src/loader/import-user-export.js');
const { functionTool } = (await import(
  dist('tools/function-tool.js')
)) as typeof import('../src/tools/function-tool.js');
const { createToolWorkers } = (await import(
  dist('tools/tool-workers.js')
)) as typeof import('../src/tools/tool-workers.js');
const { createCodeEvaluator } = (await import(
  dist('evaluators/code.js')
)) as typeof import('../src/evaluators/code.js');
const { createWorkerPool } = (await import(
  dist('workers/worker-pool.js')
)) as typeof import('../src/workers/worker-pool.js');

const { values } = parseArgs({
  options: { calls: { type: 'string', default: '2000' }, parallel: { type: 'string', default: '16' } },
});
const CALLS = Number(values.calls);
const PARALLEL = Number(values.parallel);
const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const idle = new AbortController().signal;

async function load(file: string, name: string): Promise<{ module: string; value: unknown }> {
  const loaded = await importModuleExport(file, name, FIXTURES);
  if (!loaded.ok) throw new Error(loaded.message);
  return { module: loaded.module, value: loaded.value };
}

async function tool(workers: ReturnType<typeof createToolWorkers>, file: string, name: string): Promise<LoadedTool> {
  const { module, value } = await load(file, name);
  const definition = {
    description: name,
    parameters: { type: 'object' },
    execute: value as (a: Record<string, unknown>) => unknown,
  };
  const config: FunctionToolConfig = {
    type: 'function',
    name,
    description: null,
    file: module,
    function: name,
    parameters: null,
    definition,
  };
  return functionTool(config, workers);
}

function stats(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
  const us = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;
  return `mean ${us(mean)}, p50 ${us(at(0.5))}, p99 ${us(at(0.99))}`;
}

async function timeCalls(call: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 200; i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  return samples;
}

async function firstCall(file: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const workers = createToolWorkers();
    const started = performance.now();
    const add = await tool(workers, file, 'add');
    await add.execute({ a: 1, b: 2 }, idle);
    times.push(performance.now() - started);
    await workers.close();
  }
  return times.sort((a, b) => a - b)[1] ?? 0;
}

console.log(`user code in worker threads — ${CALLS} calls each; load ${await loadAverage()}`);
console.log(
  `worker start (median of 3, first call answered): JavaScript module ${(await firstCall('worker-tools.mjs')).toFixed(0)} ms, TypeScript module ${(await firstCall('worker-tools.ts')).toFixed(0)} ms`,
);

const inProcess = (await load('worker-tools.ts', 'add')).value as (args: Record<string, unknown>) => unknown;
console.log(
  `in-process call (before):      ${stats(await timeCalls(async () => JSON.parse(JSON.stringify(await inProcess({ a: 1, b: 2 })))))}`,
);
const workers = createToolWorkers();
const add = await tool(workers, 'worker-tools.ts', 'add');
console.log(`function tool in its worker:   ${stats(await timeCalls(() => add.execute({ a: 1, b: 2 }, idle)))}`);

const started = performance.now();
let done = 0;
await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    while (done < CALLS) {
      done += 1;
      await add.execute({ a: 1, b: 2 }, idle);
    }
  }),
);
const elapsed = performance.now() - started;
console.log(
  `${PARALLEL} calls in flight:           ${((CALLS / elapsed) * 1000).toFixed(0)} calls/s (${((elapsed / CALLS) * 1000).toFixed(0)} µs a call)`,
);

const pool = createWorkerPool();
const grade = await load('worker-tools.ts', 'grade');
const grader = createCodeEvaluator(
  {
    type: 'code',
    name: 'grade',
    enabled: true,
    threshold: null,
    grader: 'worker-tools.ts:grade',
    timeout_ms: 30_000,
    grader_fn: grade.value as never,
  },
  pool,
);
const input: EvaluationInput = {
  test_case_name: 'bench',
  turn_index: 0,
  turn_input: 'what is the difference?',
  agent_response: '25587',
  ground_truth: '25587',
  retrieval_context: null,
  tool_invocations: [{ name: 'subtract', args: { a: 206588, b: 181001 }, result: 25587, error: null, duration_ms: 1 }],
  turn_config: { turn_program: 'subtract(206588, 181001)' },
  turn: { input: 'what is the difference?' },
  earlier_turns: [],
  signal: idle,
};
console.log(`code grader in the pool:       ${stats(await timeCalls(() => grader.evaluate(input)))}`);

const spin = await tool(workers, 'worker-tools.ts', 'spin');
const controller = new AbortController();
const stuck = spin.execute({}, controller.signal).catch(() => undefined);
await new Promise((resolve) => setTimeout(resolve, 100));
const aborted = performance.now();
controller.abort(Object.assign(new Error('turn timed out'), { code: 'TURN_TIMEOUT', timeout_ms: 100 }));
await stuck;
const released = performance.now() - aborted;
await add.execute({ a: 1, b: 2 }, idle);
const replaced = performance.now() - aborted;
console.log(
  `stuck tool: caller released ${released.toFixed(1)} ms after the abort; next call of its module answered after ${replaced.toFixed(0)} ms (grace 1000 ms + a fresh worker)`,
);
await Promise.all([workers.close(), pool.close()]);
