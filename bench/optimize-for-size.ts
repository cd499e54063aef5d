/**
 * What V8's `--optimize-for-size` (set by a preload, since NODE_OPTIONS refuses it) does to a run: the built CLI
 * on N copies of the 4-turn JKHY conversation against the fake model server at zero latency, with and without
 * the flag, alternating; each keeps its least CPU time (whole process) and its least peak RSS over the runs,
 * since other work on the machine only adds to them.
 *
 *   npm run build && npx tsx bench/optimize-for-size.ts --cases 500 -j 16 --workers 2 --runs 3
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { RunReport } from '../src/core/results.js';
import { startBenchFake } from './lib/bench-fake.js';
import { writeBenchProject } from './lib/bench-project.js';
import { loadAverage, measureCli } from './lib/run-cli.js';

const PRELOAD = fileURLToPath(new URL('./lib/optimize-for-size.mjs', import.meta.url));

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '500' },
    parallel: { type: 'string', short: 'j', default: '16' },
    workers: { type: 'string', default: '2' },
    runs: { type: 'string', default: '3' },
  },
});
const cases = Number(values.cases);

async function measure(flagged: boolean): Promise<{ cpu_s: number; rss_mib: number }> {
  const fake = await startBenchFake(0);
  const dir = await writeBenchProject({ url: fake.url, cases, format: 'json' });
  const report = join(dir, 'report.json');
  const args = ['test', dir, '-q', '-j', values.parallel, '--workers', values.workers, '--output', report];
  const run = await measureCli(args, flagged ? { env: { NODE_OPTIONS: `--import ${PRELOAD}` } } : {});
  await fake.close();
  if (run.code !== 0) throw new Error(`the run exited ${run.code}: ${run.stderr}`);
  const summary = (JSON.parse(await readFile(report, 'utf8')) as RunReport).summary;
  if (summary.passed !== cases) throw new Error(`${summary.passed}/${cases} cases passed`);
  await rm(dir, { recursive: true, force: true });
  return { cpu_s: run.cpu_ms / 1000, rss_mib: run.peak_rss_mib };
}

console.log(
  `--optimize-for-size: ${cases} four-turn cases, -j ${values.parallel}, --workers ${values.workers}, zero latency; ` +
    `load ${await loadAverage()}`,
);
const best = {
  plain: { cpu_s: Number.POSITIVE_INFINITY, rss_mib: Number.POSITIVE_INFINITY },
  flagged: { cpu_s: Number.POSITIVE_INFINITY, rss_mib: Number.POSITIVE_INFINITY },
};
for (let run = 0; run < Number(values.runs); run++) {
  for (const flagged of [false, true]) {
    const measured = await measure(flagged);
    const into = flagged ? best.flagged : best.plain;
    into.cpu_s = Math.min(into.cpu_s, measured.cpu_s);
    into.rss_mib = Math.min(into.rss_mib, measured.rss_mib);
  }
}
const extra = (best.flagged.cpu_s / best.plain.cpu_s - 1) * 100;
console.log(`  without: CPU ${best.plain.cpu_s.toFixed(2)} s, peak RSS ${best.plain.rss_mib.toFixed(0)} MiB`);
console.log(`  with:    CPU ${best.flagged.cpu_s.toFixed(2)} s, peak RSS ${best.flagged.rss_mib.toFixed(0)} MiB`);
console.log(`  → ${extra.toFixed(0)} % more CPU with --optimize-for-size; load after ${await loadAverage()}`);
