/**
 * Overhead: turns per second at zero model latency, with the CLI pinned to one core (`taskset`, Linux).
 * `--backend ai_sdk` (default) goes through the real OpenAI client to the fake model server (running in this
 * process, on the other cores); `--backend module` uses an agent that answers at once, measuring holodeck's
 * own cost per turn (runner, assertions, metrics, reporters, run record) without HTTP or a provider SDK.
 *
 *   npm run build && npx tsx bench/turn-throughput.ts --cases 300 -j 16 --backend ai_sdk
 *   npm run build && npx tsx bench/turn-throughput.ts --cases 2000 -j 16 --backend module
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { RunReport } from '../src/core/results.js';
import { startBenchFake } from './lib/bench-fake.js';
import { TURNS_PER_CASE, writeBenchProject } from './lib/bench-project.js';
import { loadAverage, measureCli } from './lib/run-cli.js';

const INSTANT_AGENT = fileURLToPath(new URL('./fixtures/instant-agent.ts', import.meta.url));

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '300' },
    parallel: { type: 'string', short: 'j', default: '16' },
    backend: { type: 'string', default: 'ai_sdk' },
    cpu: { type: 'string', default: '0' },
  },
});
const cases = Number(values.cases);
const parallel = Number(values.parallel);
const moduleBackend = values.backend === 'module';

const fake = moduleBackend ? null : await startBenchFake(0);
const dir = await writeBenchProject({ url: fake?.url ?? 'http://127.0.0.1:9', cases, format: 'json' });
if (moduleBackend) {
  const agent = join(dir, 'agent.yaml');
  const yaml = await readFile(agent, 'utf8');
  await writeFile(
    agent,
    yaml.replace(/^instructions:/m, `backend: { module: "${INSTANT_AGENT}:createInstantAgent" }\ninstructions:`),
  );
}
const report = join(dir, 'report.json');
const loadBefore = await loadAverage();
const taskset = process.platform === 'linux' ? { cpus: values.cpu } : {};
const run = await measureCli(['test', dir, '-q', '-j', String(parallel), '--output', report], taskset);
await fake?.close();
if (run.code !== 0) {
  console.error(run.stderr);
  process.exit(1);
}
const summary = (JSON.parse(await readFile(report, 'utf8')) as RunReport).summary;
const turns = cases * TURNS_PER_CASE;
console.log(
  `turn throughput at zero latency, CLI on one core: ${cases} cases × ${TURNS_PER_CASE} turns, -j ${parallel}, backend ${values.backend}`,
);
console.log(`command: npx tsx bench/turn-throughput.ts --cases ${cases} -j ${parallel} --backend ${values.backend}`);
console.log(
  `  run     ${(summary.duration_ms / 1000).toFixed(2)} s → ${(turns / (summary.duration_ms / 1000)).toFixed(0)} turns/s`,
);
console.log(
  `  process ${(run.wall_ms / 1000).toFixed(2)} s → ${(turns / (run.wall_ms / 1000)).toFixed(0)} turns/s (start-up included)`,
);
console.log(`  CLI CPU ${(run.cpu_ms / 1000).toFixed(2)} s → ${((run.cpu_ms / turns) * 1000).toFixed(0)} µs per turn`);
console.log(`  peak RSS ${run.peak_rss_mib.toFixed(0)} MiB · load ${loadBefore} → ${await loadAverage()}`);
await rm(dir, { recursive: true, force: true });
