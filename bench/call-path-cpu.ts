/**
 * Main-thread CPU per model call path: what one single-turn case and one tool-loop turn (two tool calls,
 * three model calls) cost a whole `holodeck test` process at zero model latency, against the fake OpenAI
 * server (running in this process). Each workload runs at two sizes; the difference in the CLI main thread's
 * CPU time divided by the difference in cases is the cost of one more case, start-up and exit left out. Each
 * size's least CPU time over the runs is used, since other work on the machine only adds to it.
 *
 *   npm run bench:call-path
 *   npx tsx bench/call-path-cpu.ts --small 300 --large 1500 -j 16 --runs 3
 *
 * `--cli <path>` measures another build of the CLI (e.g. an older commit's dist/cli/main.js).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { modelBlock, TOOLS_BLOCK } from '../test/e2e/e2e-project.js';
import { startBenchFake } from './lib/bench-fake.js';
import { CLI, loadAverage } from './lib/run-cli.js';

const CPU_HOOK = fileURLToPath(new URL('./lib/report-thread-cpu.mjs', import.meta.url));

const { values } = parseArgs({
  options: {
    small: { type: 'string', default: '300' },
    large: { type: 'string', default: '1500' },
    parallel: { type: 'string', short: 'j', default: '16' },
    runs: { type: 'string', default: '3' },
    cli: { type: 'string', default: CLI },
  },
});
const small = Number(values.small);
const large = Number(values.large);
const parallel = Number(values.parallel);
const runs = Number(values.runs);
const cli = resolve(values.cli);

interface Workload {
  readonly name: string;
  readonly label: string;
  readonly target_ms: number;
  readonly tools: boolean;
  readonly input: (index: number) => string;
}

const WORKLOADS: readonly Workload[] = [
  {
    name: 'single-turn',
    label: 'single-turn case (1 model call)',
    target_ms: 0.5,
    tools: false,
    input: (i) => `[case-${i}] say hello`,
  },
  {
    name: 'tool-loop',
    label: 'tool-loop turn (2 tool calls, 3 model calls)',
    target_ms: 2,
    tools: true,
    input: (i) => `[case-${i}] what percentage change does this represent?`,
  },
];

interface CpuSample {
  readonly main_ms: number;
  readonly process_ms: number;
}

async function writeProject(url: string, workload: Workload, cases: number): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `holodeck-call-path-${workload.name}-`));
  const agent = `name: call-path-${workload.name}
${modelBlock('openai', url)}
instructions: { inline: "Answer with the number only." }
${workload.tools ? TOOLS_BLOCK : ''}
test_cases_file: cases.json
`;
  const lines: string[] = [];
  for (let i = 0; i < cases; i += 1) {
    const turn = workload.tools
      ? { input: workload.input(i), ground_truth: '0.14136', expected_tools: ['subtract', 'divide'] }
      : { input: workload.input(i) };
    lines.push(JSON.stringify({ name: `case-${i}`, turns: [turn] }));
  }
  await writeFile(join(dir, 'agent.yaml'), agent);
  await writeFile(join(dir, 'cases.json'), `{"test_cases": [\n${lines.join(',\n')}\n]}\n`);
  return dir;
}

async function runCli(dir: string): Promise<CpuSample> {
  const cpuFile = join(dir, 'cpu.json');
  const child = spawn(process.execPath, ['--import', CPU_HOOK, cli, 'test', dir, '-q', '-j', String(parallel)], {
    env: { ...process.env, NO_COLOR: '1', HOLODECK_BENCH_CPU_FILE: cpuFile },
    stdio: ['ignore', 'ignore', 'pipe'],
    cwd: dir,
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`holodeck test exited with ${code}:\n${stderr}`);
  const usage = JSON.parse(await readFile(cpuFile, 'utf8')) as { main_us: number | null; process_us: number };
  return { main_ms: (usage.main_us ?? usage.process_us) / 1000, process_ms: usage.process_us / 1000 };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const fake = await startBenchFake(0);
const loadBefore = await loadAverage();
console.log(`main-thread CPU per case at zero model latency, -j ${parallel}, fake OpenAI server`);
console.log(
  `command: npx tsx bench/call-path-cpu.ts --small ${small} --large ${large} -j ${parallel} --runs ${runs} (least of ${runs} runs at ${large} and at ${small} cases)`,
);
try {
  for (const workload of WORKLOADS) {
    const smallDir = await writeProject(fake.url, workload, small);
    const largeDir = await writeProject(fake.url, workload, large);
    const samples: { small: CpuSample; large: CpuSample }[] = [];
    for (let run = 0; run < runs; run += 1) {
      samples.push({ small: await runCli(smallDir), large: await runCli(largeDir) });
    }
    // Other work on the machine only adds CPU time (caches, contention): the least of the runs at each size
    // is the estimate, and the median of the per-run differences is shown beside it.
    const least = (pick: (sample: { small: CpuSample; large: CpuSample }) => number) => Math.min(...samples.map(pick));
    const perCase = (least((x) => x.large.main_ms) - least((x) => x.small.main_ms)) / (large - small);
    const allThreads = (least((x) => x.large.process_ms) - least((x) => x.small.process_ms)) / (large - small);
    const perRun = median(samples.map((x) => (x.large.main_ms - x.small.main_ms) / (large - small)));
    const verdict = perCase <= workload.target_ms ? 'meets' : 'misses';
    console.log(
      `  ${workload.label.padEnd(46)} ${perCase.toFixed(3)} ms main thread (median of runs ${perRun.toFixed(3)}; all threads ${allThreads.toFixed(3)} ms) · target ≤ ${workload.target_ms} ms: ${verdict}`,
    );
    await rm(smallDir, { recursive: true, force: true });
    await rm(largeDir, { recursive: true, force: true });
  }
} finally {
  await fake.close();
}
console.log(`  model calls served: ${fake.total_calls()} · load ${loadBefore} → ${await loadAverage()}`);
