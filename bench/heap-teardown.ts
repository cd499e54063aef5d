/**
 * What it costs a process to end by letting Node tear its heap down, against exiting at once as `holodeck test`
 * does once its output is flushed (src/cli/exit-when-flushed.ts). First the heap a real run ends with: the built
 * CLI on N four-turn cases against the fake model server at zero latency (a preload reports the main thread's heap
 * as it exits). Then, for each heap size asked, child processes that fill their heap with small objects to that
 * size, say so, and end either way; the time from then to the process's exit is taken, the two ways
 * alternating, and the least of each kept, since other work on the machine only adds to it.
 *
 *   npm run build && npx tsx bench/heap-teardown.ts --run-cases 5000 --mb 40,130 --runs 7
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startBenchFake } from './lib/bench-fake.js';
import { writeBenchProject } from './lib/bench-project.js';
import { CLI, loadAverage } from './lib/run-cli.js';

const HEAP_HOOK = fileURLToPath(new URL('./lib/report-heap.mjs', import.meta.url));

const { values } = parseArgs({
  options: {
    'run-cases': { type: 'string', default: '5000' },
    mb: { type: 'string', default: '40,130' },
    runs: { type: 'string', default: '7' },
  },
});

/** The main thread's heap when a run of `cases` cases exits, in MB (used, committed). */
async function runHeap(cases: number): Promise<{ used: number; total: number }> {
  const fake = await startBenchFake(0);
  const dir = await writeBenchProject({ url: fake.url, cases });
  const heapFile = join(tmpdir(), `holodeck-bench-heap-${process.pid}.json`);
  const child = spawn(process.execPath, ['--import', HEAP_HOOK, CLI, 'test', dir, '-q', '-j', '16'], {
    env: { ...process.env, NO_COLOR: '1', HOLODECK_BENCH_HEAP_FILE: heapFile },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const [code] = (await once(child, 'close')) as [number | null];
  await fake.close();
  await rm(dir, { recursive: true, force: true });
  if (code !== 0) throw new Error(`the run exited ${code}`);
  const heap = JSON.parse(await readFile(heapFile, 'utf8')) as { heap_used: number; heap_total: number };
  await rm(heapFile, { force: true });
  return { used: heap.heap_used / 1e6, total: heap.heap_total / 1e6 };
}

/**
 * A process whose heap holds `mb` MB of small objects, ending by process.exit or by running out of work. It
 * prints when it is ready to end (ms since the epoch); the shell that ran it prints when it ended (`date`), so
 * both times are taken beside the process, not by this one, which the machine's other work may hold up.
 */
const CHILD = `
const [target, mode] = [Number(process.argv[1]) * 1e6, process.argv[2]];
const kept = [];
while (process.memoryUsage().heapUsed < target) {
  const batch = [];
  for (let i = 0; i < 10000; i++) batch.push({ name: 'case ' + i, text: 'answer ' + i + ' '.repeat(i % 40), n: i });
  kept.push(batch);
}
globalThis.kept = kept;
process.stdout.write(String(performance.timeOrigin + performance.now()) + '\\n', () => {
  if (mode === 'exit') process.exit(0);
});
`;

/** Milliseconds from the child's "ready" to its exit. */
async function endTime(mb: number, mode: 'exit' | 'natural'): Promise<number> {
  const shell = `"${process.execPath}" -e "$0" "$1" "$2"; date +%s.%N`;
  const child = spawn('sh', ['-c', shell, CHILD, String(mb), mode], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  await once(child, 'close');
  const [ready, ended] = out.trim().split('\n').map(Number);
  if (ready === undefined || ended === undefined) throw new Error(`unexpected output: ${out}`);
  return ended * 1000 - ready;
}

console.log(`heap teardown at exit; load ${await loadAverage()}`);
const cases = Number(values['run-cases']);
if (cases > 0) {
  const heap = await runHeap(cases);
  console.log(
    `  a run of ${cases} four-turn cases at zero latency (-j 16) ends with a main-thread heap of ` +
      `${heap.used.toFixed(0)} MB used, ${heap.total.toFixed(0)} MB committed`,
  );
}
const runs = Number(values.runs);
for (const mb of values.mb.split(',').map(Number)) {
  const exiting: number[] = [];
  const natural: number[] = [];
  for (let run = 0; run < runs; run++) {
    exiting.push(await endTime(mb, 'exit'));
    natural.push(await endTime(mb, 'natural'));
  }
  const [fast, slow] = [Math.min(...exiting), Math.min(...natural)];
  console.log(
    `  a ${mb} MB heap: process.exit ${fast.toFixed(1)} ms, ending on its own ${slow.toFixed(1)} ms ` +
      `(least of ${runs}) → ${(slow - fast).toFixed(1)} ms more to tear the heap down`,
  );
}
console.log(`load after ${await loadAverage()}`);
