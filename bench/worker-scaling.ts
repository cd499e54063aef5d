/**
 * `--workers`: throughput and CPU time of the built CLI from 1 worker (none: the main thread runs everything)
 * to N, on N copies of the 4-turn JKHY conversation against the fake model server (real OpenAI client, in
 * this process) at each model latency; then the CLI's peak RSS (main thread and workers: one process) for
 * larger suites with workers on.
 *
 *   npm run build && npx tsx bench/worker-scaling.ts --workers 1,2 --cases 500 --latency 0,20 -j 16 \
 *     --rss-cases 1000,10000 --rss-workers 2
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { RunReport } from '../src/core/results.js';
import { startBenchFake } from './lib/bench-fake.js';
import { TURNS_PER_CASE, writeBenchProject } from './lib/bench-project.js';
import { loadAverage, measureCli } from './lib/run-cli.js';

const { values } = parseArgs({
  options: {
    workers: { type: 'string', default: '1,2' },
    cases: { type: 'string', default: '500' },
    latency: { type: 'string', default: '0,20' },
    parallel: { type: 'string', short: 'j', default: '16' },
    'rss-cases': { type: 'string', default: '1000,10000' },
    'rss-workers': { type: 'string', default: '2' },
  },
});
const list = (text: string) =>
  text
    .split(',')
    .filter((part) => part !== '')
    .map(Number);
const parallel = values.parallel;

async function measure(cases: number, latencyMs: number, workers: number) {
  const fake = await startBenchFake(latencyMs);
  const dir = await writeBenchProject({ url: fake.url, cases, format: 'json' });
  const report = join(dir, 'report.json');
  const run = await measureCli(['test', dir, '-q', '-j', parallel, '--workers', String(workers), '--output', report]);
  await fake.close();
  if (run.code !== 0) throw new Error(`the run exited ${run.code}: ${run.stderr}`);
  const summary = (JSON.parse(await readFile(report, 'utf8')) as RunReport).summary;
  if (summary.passed !== cases) throw new Error(`${summary.passed}/${cases} cases passed`);
  await rm(dir, { recursive: true, force: true });
  return run;
}

console.log(`worker scaling: ${TURNS_PER_CASE}-turn cases, -j ${parallel}, load before ${await loadAverage()}`);
for (const latency of list(values.latency)) {
  const cases = Number(values.cases);
  let base: number | null = null;
  for (const workers of list(values.workers)) {
    const run = await measure(cases, latency, workers);
    const turnsPerS = (cases * TURNS_PER_CASE) / (run.wall_ms / 1000);
    base ??= turnsPerS;
    console.log(
      `  ${cases} cases at ${latency} ms, --workers ${workers}: ${(run.wall_ms / 1000).toFixed(2)} s, ` +
        `${turnsPerS.toFixed(0)} turns/s (×${(turnsPerS / base).toFixed(2)}), CPU ${(run.cpu_ms / 1000).toFixed(2)} s ` +
        `(${((run.cpu_ms / 1000 / (cases * TURNS_PER_CASE)) * 1e6).toFixed(0)} µs/turn), peak RSS ${run.peak_rss_mib.toFixed(0)} MiB`,
    );
  }
}
for (const workers of list(values['rss-workers'])) {
  for (const cases of list(values['rss-cases'])) {
    const run = await measure(cases, 0, workers);
    console.log(
      `  peak RSS, ${cases} cases, --workers ${workers}: ${run.peak_rss_mib.toFixed(0)} MiB (${(run.wall_ms / 1000).toFixed(1)} s)`,
    );
  }
}
