/**
 * Start-up of a real run: from spawning `holodeck test` to the first request reaching the fake model, for a
 * project of N four-turn cases whose tools are a TypeScript module (loaded through tsx), the ai_sdk backend
 * and the OpenAI client. Everything a run does before its first model call is in this figure: module
 * loading, config and test-case parsing, tool import, run record set-up.
 *
 *   npm run build && npx tsx bench/first-request.ts --cases 100 --runs 5
 */
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createConvFinQaScript } from '../test/fakes/convfinqa-script.js';
import { startFakeModelServer } from '../test/fakes/start-fake-model-server.js';
import { writeBenchProject } from './lib/bench-project.js';
import { CLI, loadAverage } from './lib/run-cli.js';

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '100' },
    runs: { type: 'string', default: '5' },
  },
});
const cases = Number(values.cases);
const runs = Number(values.runs);

const script = createConvFinQaScript();
let firstRequest: number | null = null;
const server = await startFakeModelServer(
  (request) => {
    firstRequest ??= performance.now();
    return script(request);
  },
  { latency_ms: 0 },
);
const dir = await writeBenchProject({ url: server.url, cases });
const loadBefore = await loadAverage();
const samples: number[] = [];
for (let run = 0; run < runs + 1; run += 1) {
  firstRequest = null;
  server.reset();
  const started = performance.now();
  // -j 1 and --limit 1: the run stops soon after its first request; only the time to that request counts.
  const child = spawn(process.execPath, [CLI, 'test', dir, '-q', '-j', '1', '--limit', '1'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0 || firstRequest === null) throw new Error(`holodeck test exited with ${code} before any request`);
  if (run > 0) samples.push(firstRequest - started); // the first run warms the file system cache
}
await server.close();
await rm(dir, { recursive: true, force: true });
samples.sort((a, b) => a - b);
const median = samples[Math.floor(samples.length / 2)] ?? 0;
console.log(`time to the first model request: ${cases} four-turn cases, TypeScript tools, ai_sdk over OpenAI`);
console.log(`command: npx tsx bench/first-request.ts --cases ${cases} --runs ${runs}`);
console.log(
  `  median ${median.toFixed(0)} ms, min ${samples[0]?.toFixed(0)} ms, max ${samples.at(-1)?.toFixed(0)} ms over ${runs} runs`,
);
console.log(`  load ${loadBefore} → ${await loadAverage()}`);
