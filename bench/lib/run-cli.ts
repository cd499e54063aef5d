/** Runs the built CLI as a child process for a benchmark: wall time, exit code, peak RSS, output. */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const RSS_HOOK = fileURLToPath(new URL('./report-max-rss.mjs', import.meta.url));

export interface CliMeasure {
  readonly code: number | null;
  readonly wall_ms: number;
  /** Peak resident set size of the CLI process, in MiB. */
  readonly peak_rss_mib: number;
  /** CPU time (user + system) of the CLI process, in ms. */
  readonly cpu_ms: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface MeasureOptions {
  /** Pin the CLI to these CPUs with `taskset` (Linux), e.g. "0". */
  readonly cpus?: string;
  readonly env?: Readonly<Record<string, string>>;
}

export async function measureCli(args: readonly string[], options: MeasureOptions = {}): Promise<CliMeasure> {
  const scratch = await mkdtemp(join(tmpdir(), 'holodeck-bench-rss-'));
  const rssFile = join(scratch, 'rss');
  const node = [process.execPath, '--import', RSS_HOOK, CLI, ...args];
  const [command, ...rest] = options.cpus === undefined ? node : ['taskset', '-c', options.cpus, ...node];
  const started = performance.now();
  const child = spawn(command as string, rest, {
    env: { ...process.env, NO_COLOR: '1', ...options.env, HOLODECK_BENCH_RSS_FILE: rssFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    if (stdout.length > 1_000_000) stdout = stdout.slice(-100_000);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (exitCode) => resolve(exitCode));
  });
  const wall = performance.now() - started;
  const usage = JSON.parse(await readFile(rssFile, 'utf8').catch(() => '{}')) as {
    max_rss_kib?: number;
    cpu_us?: number;
  };
  await rm(scratch, { recursive: true, force: true });
  return {
    code,
    wall_ms: wall,
    peak_rss_mib: (usage.max_rss_kib ?? 0) / 1024,
    cpu_ms: (usage.cpu_us ?? 0) / 1000,
    stdout,
    stderr,
  };
}

/** The machine's load averages (1, 5, 15 minutes), for printing beside timings. */
export async function loadAverage(): Promise<string> {
  const { loadavg, cpus } = await import('node:os');
  return `${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')} on ${cpus().length} CPUs`;
}
