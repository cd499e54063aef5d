/**
 * Peak memory of long runs: N four-turn cases against the fake model (zero latency), for several N. Results
 * stream to the run record and reports, so the peak RSS should stay roughly flat as N grows.
 *
 *   npm run build && npx tsx bench/peak-rss.ts --cases 1000,10000 -j 16 [--cases-format json|yaml]
 *
 * The test cases file is JSON by default, as converted datasets usually are (the ConvFinQA sample's is);
 * `--cases-format yaml` measures a YAML file instead, whose loading (with source positions) costs more.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startBenchFake } from './lib/bench-fake.js';
import { TURNS_PER_CASE, writeBenchProject } from './lib/bench-project.js';
import { loadAverage, measureCli } from './lib/run-cli.js';

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '1000,10000' },
    parallel: { type: 'string', short: 'j', default: '16' },
    latency: { type: 'string', default: '0' },
    'cases-format': { type: 'string', default: 'json' },
  },
});
const counts = values.cases.split(',').map(Number);
const parallel = Number(values.parallel);
const format = values['cases-format'] === 'yaml' ? 'yaml' : 'json';

console.log(
  `peak RSS of \`holodeck test\` (-j ${parallel}, fake latency ${values.latency} ms, ${format} test cases file, ` +
    'JSON/Markdown/JUnit reports and the run record)',
);
console.log(
  `command: npx tsx bench/peak-rss.ts --cases ${values.cases} -j ${parallel} --latency ${values.latency} ` +
    `--cases-format ${format}`,
);
for (const cases of counts) {
  const fake = await startBenchFake(Number(values.latency));
  const dir = await writeBenchProject({ url: fake.url, cases, format });
  const outputs = ['report.json', 'report.md', 'junit.xml'].flatMap((name) => ['--output', join(dir, name)]);
  const loadBefore = await loadAverage();
  const run = await measureCli(['test', dir, '-q', '-j', String(parallel), ...outputs]);
  await fake.close();
  const turns = cases * TURNS_PER_CASE;
  const line = [
    `${cases.toLocaleString('en-US').padStart(7)} cases`,
    `peak RSS ${run.peak_rss_mib.toFixed(0)} MiB`,
    `wall ${(run.wall_ms / 1000).toFixed(1)} s`,
    `${(turns / (run.wall_ms / 1000)).toFixed(0)} turns/s`,
    `exit ${run.code}`,
    `load ${loadBefore} → ${await loadAverage()}`,
  ];
  console.log(`  ${line.join(' · ')}`);
  if (run.code !== 0) console.log(run.stderr.slice(-2000));
  await rm(dir, { recursive: true, force: true });
}
