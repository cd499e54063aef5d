/**
 * `--last-failed` over a long history: a results folder of 60 runs × 1,000 test cases of one config and model,
 * the newest of which ran the whole suite. Prints how long finding the cases to rerun takes: it reads the newest
 * run only when that run recorded the config's own path, and every run only when the history holds other paths
 * (a moved project), as the second figure shows.
 *
 *   npx tsx bench/last-failed-history.ts [--runs 60] [--cases 1000]
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { lastFailed } from '../src/cli/last-failed.js';
import { tempDir } from '../test/support/dashboard/temp-dir.js';
import { writeScaleFolder } from '../test/support/dashboard/write-records.js';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '60' }, cases: { type: 'string', default: '1000' } },
});
const RUNS = Number(values.runs);
const CASES = Number(values.cases);

const temp = await tempDir();
try {
  const { bytes, ids } = await writeScaleFolder(temp.dir, RUNS, CASES);
  const newest = join(temp.dir, `${ids[ids.length - 1]}.json`);
  const configPath = (JSON.parse(await readFile(newest, 'utf8')) as { report: { agent_config_path: string } }).report
    .agent_config_path;
  const folder = join(temp.dir, (ids[0] ?? '').split('/')[0] ?? '');
  const files = (await readdir(folder)).length;
  const time = async (path: string): Promise<{ ms: number; found: number }> => {
    const started = performance.now();
    const found = await lastFailed({
      resultsDir: temp.dir,
      agentName: 'scale-agent',
      configPath: path,
      model: 'ollama:qwen3:8b',
    });
    if (!found.ok) throw new Error(found.message);
    return { ms: Math.round(performance.now() - started), found: found.names.length };
  };
  const own = await time(configPath);
  const moved = await time(join('/elsewhere', 'agent.yaml'));
  console.log(`history: ${files} runs × ${CASES} cases, ${(bytes / 1024 / 1024).toFixed(0)} MB of records`);
  console.log(`--last-failed, the newest run of the config's own path: ${own.ms} ms (${own.found} cases to rerun)`);
  console.log(`--last-failed, a config path no run recorded (every run read for its path): ${moved.ms} ms`);
  console.log(`command: npx tsx bench/last-failed-history.ts --runs ${RUNS} --cases ${CASES}`);
} finally {
  await temp.cleanup();
}
