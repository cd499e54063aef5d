/**
 * One measured process, holodeck or promptfoo alike: `node --import <rss hook> <entry> <args>`, from spawn to
 * exit, with its exit code, peak RSS and CPU time (written by `bench/lib/report-max-rss.mjs` on exit). A
 * process that outlives `timeout_ms` is killed and reported as timed out, so the bench never hangs.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RSS_HOOK = fileURLToPath(new URL('../lib/report-max-rss.mjs', import.meta.url));

export interface ProcessSpec {
  /** The JavaScript file node runs. */
  readonly entry: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly timeout_ms: number;
}

export interface ProcessMeasure {
  /** `performance.now()` at spawn. */
  readonly started_at: number;
  readonly wall_ms: number;
  /** Exit code; null when killed by a signal (also on time-out). */
  readonly code: number | null;
  readonly timed_out: boolean;
  /** Peak resident set size in MiB; null when the process died before reporting it. */
  readonly peak_rss_mib: number | null;
  readonly cpu_ms: number | null;
  /** The last 4,000 characters of stdout and stderr, for a failure's explanation. */
  readonly output_tail: string;
}

export async function measureProcess(spec: ProcessSpec): Promise<ProcessMeasure> {
  const scratch = await mkdtemp(join(tmpdir(), 'holodeck-compare-rss-'));
  const rssFile = join(scratch, 'rss.json');
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', RSS_HOOK, spec.entry, ...spec.args], {
    cwd: spec.cwd,
    env: { ...process.env, NO_COLOR: '1', ...spec.env, HOLODECK_BENCH_RSS_FILE: rssFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, spec.timeout_ms);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (exitCode) => resolve(exitCode));
  }).finally(() => clearTimeout(timer));
  const wall = performance.now() - started;
  const usage = JSON.parse(await readFile(rssFile, 'utf8').catch(() => '{}')) as {
    max_rss_kib?: number;
    cpu_us?: number;
  };
  await rm(scratch, { recursive: true, force: true });
  return {
    started_at: started,
    wall_ms: wall,
    code,
    timed_out: timedOut,
    peak_rss_mib: usage.max_rss_kib === undefined ? null : usage.max_rss_kib / 1024,
    cpu_ms: usage.cpu_us === undefined ? null : usage.cpu_us / 1000,
    output_tail: tail,
  };
}
