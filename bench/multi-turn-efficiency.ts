/**
 * Orchestration efficiency: N four-turn cases against the fake model with a fixed latency per model call.
 * Ideal wall time = ceil(cases / parallel) × model calls per case × latency (the model calls per turn are
 * counted by the fake). Efficiency = ideal / actual, for the run itself (the report's duration) and for the
 * whole process (start-up, config loading and report writing included). Target: ≥ 0.9.
 *
 *   npm run build && npx tsx bench/multi-turn-efficiency.ts --cases 100 -j 16 --latency 100
 *   npm run build && npx tsx bench/multi-turn-efficiency.ts --cases 100 -j 32 --latency 200
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
    cases: { type: 'string', default: '100' },
    parallel: { type: 'string', short: 'j', default: '16' },
    latency: { type: 'string', default: '100' },
  },
});
const cases = Number(values.cases);
const parallel = Number(values.parallel);
const latency = Number(values.latency);

const fake = await startBenchFake(latency);
const dir = await writeBenchProject({ url: fake.url, cases });
const report = join(dir, 'report.json');
const loadBefore = await loadAverage();
const benchCpu = process.cpuUsage();
const run = await measureCli(['test', dir, '-q', '-j', String(parallel), '--output', report]);
const fakeCpu = process.cpuUsage(benchCpu);
await fake.close();
if (run.code !== 0) {
  console.error(run.stderr);
  process.exit(1);
}
const summary = (JSON.parse(await readFile(report, 'utf8')) as RunReport).summary;
const byTurn = [...fake.callsByTurn().entries()].sort(([a], [b]) => a - b).map(([, calls]) => calls / cases);
const callsPerCase = fake.total_calls() / cases;
const ideal = Math.ceil(cases / parallel) * callsPerCase * latency;
const pct = (value: number) => value.toFixed(3);

console.log(
  `multi-turn efficiency: ${cases} cases × ${TURNS_PER_CASE} turns, -j ${parallel}, ${latency} ms per model call`,
);
console.log(`command: npx tsx bench/multi-turn-efficiency.ts --cases ${cases} -j ${parallel} --latency ${latency}`);
console.log(
  `  model calls per turn (from the fake): ${byTurn.map((c) => c.toFixed(2)).join(', ')} → ${callsPerCase} per case`,
);
console.log(`  ideal  ceil(${cases}/${parallel}) × ${callsPerCase} × ${latency} ms = ${(ideal / 1000).toFixed(2)} s`);
console.log(`  run    ${(summary.duration_ms / 1000).toFixed(2)} s → efficiency ${pct(ideal / summary.duration_ms)}`);
console.log(
  `  process ${(run.wall_ms / 1000).toFixed(2)} s (start-up and reports included) → ${pct(ideal / run.wall_ms)}`,
);
// The CLI runs on one thread: its CPU time is a floor for its wall time, whatever the latency hides.
const cpuPerCall = run.cpu_ms / fake.total_calls();
console.log(
  `  CLI CPU ${(run.cpu_ms / 1000).toFixed(2)} s (${cpuPerCall.toFixed(1)} ms per model call): ` +
    `one thread keeps at most ${(latency / cpuPerCall).toFixed(1)} calls in flight per ${latency} ms, ` +
    `so the process efficiency cannot exceed ${pct(Math.min(1, ideal / run.cpu_ms))}`,
);
console.log(
  `  fake server CPU ${((fakeCpu.user + fakeCpu.system) / 1000 / fake.total_calls()).toFixed(1)} ms per model call (in this process, beside the CLI)`,
);
console.log(`  peak RSS ${run.peak_rss_mib.toFixed(0)} MiB · load ${loadBefore} → ${await loadAverage()}`);
await rm(dir, { recursive: true, force: true });
