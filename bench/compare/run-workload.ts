/**
 * One workload run by one tool against the shared fake: `help` and `first-request` are repeated (`runs`
 * times after one warm-up run that fills the file system cache) and report the median; a case workload runs
 * once and reports the whole process, start to exit, with what the fake saw of it.
 */
import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { compareCases } from './compare-cases.js';
import type { CompareFake } from './compare-fake.js';
import type { CompareTool, TurnOutcome } from './compare-tools.js';
import { measureProcess, type ProcessMeasure } from './measure-process.js';
import type { Workload } from './workloads.js';

export interface ToolResult {
  /** The figure: median wall time (help), median time to the first request, or the whole run's wall time. */
  readonly ms: number | null;
  /** The last non-zero exit code of the runs (0 when all exited 0); null when one was killed. */
  readonly code: number | null;
  readonly timed_out: boolean;
  readonly peak_rss_mib: number | null;
  readonly cpu_ms: number | null;
  /** Turns passed of turns run, from the tool's report (case workloads). */
  readonly outcome: TurnOutcome | null;
  /** Model requests the fake answered during the (last) run. */
  readonly requests: number;
  /** First request to last reply at the fake (case workloads). */
  readonly fake_span_ms: number | null;
  /** The wrap-up: the fake's last reply to the process's exit (case workloads). */
  readonly wrap_up_ms: number | null;
  /** The tool's last output lines when a run failed. */
  readonly failure: string | null;
}

export interface RunOptions {
  readonly runs: number;
  readonly timeout_ms: number;
  /** Scratch folder of this bench run. */
  readonly scratch: string;
}

export async function runWorkload(
  tool: CompareTool,
  workload: Workload,
  fake: CompareFake,
  options: RunOptions,
): Promise<ToolResult> {
  const dir = await mkdtemp(join(options.scratch, `${tool.name}-${workload.id}-`));
  const cases = compareCases(workload);
  if (workload.kind !== 'help') await tool.writeProject(dir, fake.url, cases);
  const spec = {
    entry: tool.entry,
    args: workload.kind === 'help' ? ['--help'] : tool.runArgs(dir, workload.parallel),
    cwd: dir,
    env: tool.env,
    timeout_ms: options.timeout_ms,
  };
  if (workload.kind === 'cases') {
    fake.reset();
    const run = await measureProcess(spec);
    const first = fake.firstRequestAt();
    const last = fake.lastReplyAt();
    return {
      ...fromRuns([run]),
      ms: run.wall_ms,
      outcome: await tool.readOutcome(dir),
      requests: fake.requests(),
      fake_span_ms: first !== null && last !== null ? last - first : null,
      wrap_up_ms: last === null ? null : run.started_at + run.wall_ms - last,
      failure: run.code === 0 ? null : run.output_tail,
    };
  }
  const samples: number[] = [];
  const runs: ProcessMeasure[] = [];
  for (let i = 0; i <= options.runs; i += 1) {
    fake.reset();
    const run = await measureProcess(spec);
    const first = fake.firstRequestAt();
    const sample = workload.kind === 'help' ? run.wall_ms : first === null ? null : first - run.started_at;
    if (i > 0) runs.push(run);
    if (i > 0 && sample !== null) samples.push(sample);
  }
  const failed = runs.find((run) => run.code !== 0);
  return {
    ...fromRuns(runs),
    ms: samples.length === runs.length ? median(samples) : null,
    outcome: null,
    requests: fake.requests(),
    fake_span_ms: null,
    wrap_up_ms: null,
    failure: failed === undefined ? null : failed.output_tail,
  };
}

function fromRuns(runs: readonly ProcessMeasure[]) {
  const rss = runs.map((r) => r.peak_rss_mib).filter((v): v is number => v !== null);
  const cpu = runs.map((r) => r.cpu_ms).filter((v): v is number => v !== null);
  const bad = runs.filter((r) => r.code !== 0).at(-1);
  return {
    code: bad === undefined ? 0 : bad.code,
    timed_out: runs.some((r) => r.timed_out),
    peak_rss_mib: rss.length === 0 ? null : Math.max(...rss),
    cpu_ms: cpu.length === 0 ? null : median(cpu),
  };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
