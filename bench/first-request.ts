/**
 * Start-up of a real run: from spawning `holodeck test` to the first request reaching the fake model, for
 *  - a plain config: one single-turn case, the OpenAI provider, an equality check, no tools;
 *  - a project of N four-turn cases whose tools are a TypeScript module (loaded through tsx), the ai_sdk
 *    backend and the OpenAI client;
 *  - the plain config again with M single-turn cases (`--plain-cases`, 5000): the per-case set-up.
 * Everything a run does before its first model call is in these figures: module loading, config and
 * test-case parsing, tool import, run record set-up. Beside the wall time it prints the CPU time the CLI had
 * used when its first request arrived (Linux, from /proc), which other work on a shared machine disturbs less.
 *
 *   npm run build && npx tsx bench/first-request.ts --cases 100 --plain-cases 5000 --runs 5
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
    'plain-cases': { type: 'string', default: '5000' },
    runs: { type: 'string', default: '5' },
  },
});
const cases = Number(values.cases);
/** The plain config again with this many single-turn cases: what set-up costs per case before the first call. */
const plainCases = Number(values['plain-cases']);
const runs = Number(values.runs);

const script = createConvFinQaScript();
let firstRequest: number | null = null;
/** The CLI's process, and the CPU time it had used when its first request arrived (Linux: /proc). */
let childPid = 0;
let cpuAtFirstRequest: number | null = null;

/** User + system CPU time of a process in ms, from /proc/<pid>/stat (clock ticks of 10 ms); null elsewhere. */
function cpuTimeMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}
const server = await startFakeModelServer(
  (request) => {
    if (firstRequest === null) {
      firstRequest = performance.now();
      cpuAtFirstRequest = cpuTimeMs(childPid);
    }
    // The plain project asks for codes (bench/compare's questions); the tools project is the JKHY conversation.
    const question = lastUserText(request);
    return question.includes('code of') ? answer(codeAnswer(question)) : script(request);
  },
  { latency_ms: 0 },
);

interface Samples {
  /** Wall time from spawn to the first request, ms, sorted. */
  readonly wall: number[];
  /** CPU time the CLI used until its first request, ms, sorted; empty where /proc is missing. */
  readonly cpu: number[];
}

/** The time to the first request over `runs` runs, after one that warms the caches. */
async function measure(dir: string): Promise<Samples> {
  const samples: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < runs + 1; run += 1) {
    firstRequest = null;
    cpuAtFirstRequest = null;
    server.reset();
    const started = performance.now();
    // -j 1 and --limit 1: the run stops soon after its first request; only the time to that request counts.
    const child = spawn(process.execPath, [CLI, 'test', dir, '-q', '-j', '1', '--limit', '1'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    childPid = child.pid ?? 0;
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    if (firstRequest === null) throw new Error(`holodeck test exited with ${code} before any request`);
    if (run > 0) samples.push(firstRequest - started);
    if (run > 0 && cpuAtFirstRequest !== null) cpu.push(cpuAtFirstRequest);
  }
  return { wall: samples.sort((a, b) => a - b), cpu: cpu.sort((a, b) => a - b) };
}

function line({ wall, cpu }: Samples): string {
  const median = (sorted: readonly number[]) => sorted[Math.floor(sorted.length / 2)] ?? 0;
  const cpuPart = cpu.length === 0 ? '' : `; CPU used by then: median ${median(cpu).toFixed(0)} ms`;
  return `  median ${median(wall).toFixed(0)} ms, min ${wall[0]?.toFixed(0)} ms, max ${wall.at(-1)?.toFixed(0)} ms over ${runs} runs${cpuPart}`;
}

const loadBefore = await loadAverage();
const plainDir = await mkdtemp(join(tmpdir(), 'holodeck-bench-plain-'));
await writeFile(join(plainDir, 'agent.yaml'), holodeckAgentYaml(server.url));
const oneCase = WORKLOADS.find((workload) => workload.id === 'first-request');
if (oneCase === undefined) throw new Error('bench/compare has no first-request workload');
await writeFile(join(plainDir, 'cases.json'), holodeckCasesJson(compareCases(oneCase)));
const plain = await measure(plainDir);
const manyDir = await mkdtemp(join(tmpdir(), 'holodeck-bench-plain-many-'));
await writeFile(join(manyDir, 'agent.yaml'), holodeckAgentYaml(server.url));
await writeFile(join(manyDir, 'cases.json'), holodeckCasesJson(compareCases({ ...oneCase, cases: plainCases })));
const many = await measure(manyDir);
const toolsDir = await writeBenchProject({ url: server.url, cases });
const tools = await measure(toolsDir);
await server.close();
await rm(plainDir, { recursive: true, force: true });
await rm(manyDir, { recursive: true, force: true });
await rm(toolsDir, { recursive: true, force: true });
console.log(`time to the first model request (node ${process.version})`);
console.log(`command: npx tsx bench/first-request.ts --cases ${cases} --plain-cases ${plainCases} --runs ${runs}`);
console.log('plain config: one single-turn case, OpenAI, an equality check, no tools');
console.log(line(plain));
console.log(`the same with ${plainCases} single-turn cases`);
console.log(line(many));
console.log(`${cases} four-turn cases, TypeScript tools, ai_sdk over OpenAI`);
console.log(line(tools));
console.log(`  load ${loadBefore} → ${await loadAverage()}`);
