/**
 * Start-up of a real run: from spawning `holodeck test` to the first request reaching the fake model, for
 *  - a plain config: one single-turn case, the OpenAI provider, an equality check, no tools;
 *  - a project of N four-turn cases whose tools are a TypeScript module (loaded through tsx), the ai_sdk
 *    backend and the OpenAI client.
 * Everything a run does before its first model call is in these figures: module loading, config and
 * test-case parsing, tool import, run record set-up.
 *
 *   npm run build && npx tsx bench/first-request.ts --cases 100 --runs 5
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createConvFinQaScript } from '../test/fakes/convfinqa-script.js';
import { lastUserText } from '../test/fakes/fake-request-view.js';
import { answer } from '../test/fakes/fake-script.js';
import { startFakeModelServer } from '../test/fakes/start-fake-model-server.js';
import { compareCases } from './compare/compare-cases.js';
import { codeAnswer } from './compare/compare-fake.js';
import { WORKLOADS } from './compare/workloads.js';
import { holodeckAgentYaml, holodeckCasesJson } from './compare/write-projects.js';
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
    // The plain project asks for codes (bench/compare's questions); the tools project is the JKHY conversation.
    const question = lastUserText(request);
    return question.includes('code of') ? answer(codeAnswer(question)) : script(request);
  },
  { latency_ms: 0 },
);

/** Median, min and max of the time to the first request over `runs` runs, after one that warms the caches. */
async function measure(dir: string): Promise<number[]> {
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
    if (firstRequest === null) throw new Error(`holodeck test exited with ${code} before any request`);
    if (run > 0) samples.push(firstRequest - started);
  }
  return samples.sort((a, b) => a - b);
}

function line(samples: readonly number[]): string {
  const median = samples[Math.floor(samples.length / 2)] ?? 0;
  return `  median ${median.toFixed(0)} ms, min ${samples[0]?.toFixed(0)} ms, max ${samples.at(-1)?.toFixed(0)} ms over ${runs} runs`;
}

const loadBefore = await loadAverage();
const plainDir = await mkdtemp(join(tmpdir(), 'holodeck-bench-plain-'));
await writeFile(join(plainDir, 'agent.yaml'), holodeckAgentYaml(server.url));
const oneCase = WORKLOADS.find((workload) => workload.id === 'first-request');
if (oneCase === undefined) throw new Error('bench/compare has no first-request workload');
await writeFile(join(plainDir, 'cases.json'), holodeckCasesJson(compareCases(oneCase)));
const plain = await measure(plainDir);
const toolsDir = await writeBenchProject({ url: server.url, cases });
const tools = await measure(toolsDir);
await server.close();
await rm(plainDir, { recursive: true, force: true });
await rm(toolsDir, { recursive: true, force: true });
console.log(`time to the first model request (node ${process.version})`);
console.log(`command: npx tsx bench/first-request.ts --cases ${cases} --runs ${runs}`);
console.log('plain config: one single-turn case, OpenAI, an equality check, no tools');
console.log(line(plain));
console.log(`${cases} four-turn cases, TypeScript tools, ai_sdk over OpenAI`);
console.log(line(tools));
console.log(`  load ${loadBefore} → ${await loadAverage()}`);
