/**
 * Scaling out on the CI or batch system the user already runs: `--shard auto` takes the shard from the job's
 * environment (GitLab CI here, as its `parallel:` sets it; a Kubernetes Indexed Job below), the shard jobs run
 * as separate processes side by side, and `merge-reports` on the folder of their downloaded records gives
 * the same run, case for case, as running the suite unsharded. A shard whose job died leaves only its log:
 * the merge names it, and merges once the shard's retry has finished.
 */
import type { ChildProcess } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SHARD_ENGINES, SHARD_TOTAL_ENV } from '../../src/cli/shard-from-environment.js';
import type { TestResult } from '../../src/core/results.js';
import { type RunRecord, readRunRecord } from '../../src/records/run-record.js';
import { createConvFinQaScript } from '../fakes/convfinqa-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { writeSuiteProject } from './suite-project.js';

const CASES = 10;
const failing = (index: number) => index === 1 || index === 4 || index === 9;

/** No engine's variables leak in from the machine running the tests. */
const NO_ENGINE: Record<string, undefined> = Object.fromEntries(
  [...SHARD_ENGINES.flatMap((engine) => [engine.index, engine.total ?? '']), SHARD_TOTAL_ENV]
    .filter((name) => name !== '')
    .map((name) => [name, undefined]),
);

const servers: FakeModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function server(latency_ms = 0): Promise<FakeModelServer> {
  const started = await startFakeModelServer(createConvFinQaScript(), { latency_ms });
  servers.push(started);
  return started;
}

/** The one record a run wrote under FOLDER (searched recursively, as the artifact downloads nest). */
async function onlyRecord(folder: string): Promise<RunRecord> {
  const files = (await readdir(folder, { recursive: true })).filter((file) => file.endsWith('.json'));
  expect(files).toHaveLength(1);
  return readRunRecord(join(folder, files[0] as string));
}

/** A result without what differs from run to run: how long things took, and when. */
function verdictOf(result: TestResult): unknown {
  return JSON.parse(JSON.stringify(result), (key, value) =>
    /(?:_time_ms|duration_ms|^timestamp)$/.test(key) ? undefined : value,
  );
}

describe('--shard auto on GitLab CI', () => {
  it('four shard jobs side by side merge into the unsharded run, case for case', { timeout: 180_000 }, async () => {
    const fake = await server();
    const dir = await writeSuiteProject({ url: fake.url, cases: CASES, failing });
    const whole = await runCli(['test', dir, '-q', '-j', '4', '--results-dir', 'unsharded'], {
      cwd: dir,
      env: NO_ENGINE,
    });
    expect(whole.code, whole.stderr).toBe(1);
    const unsharded = await onlyRecord(join(dir, 'unsharded'));

    const jobs = await Promise.all(
      [1, 2, 3, 4].map((index) =>
        runCli(['test', dir, '-q', '-j', '2', '--shard', 'auto', '--results-dir', `artifacts/test ${index}/4`], {
          cwd: dir,
          env: { ...NO_ENGINE, CI_NODE_INDEX: String(index), CI_NODE_TOTAL: '4' },
          timeoutMs: 120_000,
        }),
      ),
    );
    for (const [i, job] of jobs.entries()) {
      expect(job.stderr).toContain(`shard ${i + 1}/4 from GitLab CI (CI_NODE_INDEX=${i + 1}, CI_NODE_TOTAL=4)\n`);
      const record = await onlyRecord(join(dir, 'artifacts', `test ${i + 1}`));
      expect(record.metadata.selection?.shard).toEqual({ index: i + 1, total: 4 });
    }

    const merged = await runCli(['merge-reports', 'artifacts', '--results-dir', 'merged', '-q'], { cwd: dir });
    expect(merged.code, merged.stderr).toBe(1);
    expect(merged.stderr).toMatch(/merged 4 shards into /);
    const run = await onlyRecord(join(dir, 'merged'));
    expect(run.report.results.map((r) => r.test_name)).toEqual(unsharded.report.results.map((r) => r.test_name));
    expect(run.report.results.map(verdictOf)).toEqual(unsharded.report.results.map(verdictOf));
    const { duration_ms: _a, ...summary } = run.report.summary as typeof run.report.summary & { duration_ms?: number };
    const { duration_ms: _b, ...expected } = unsharded.report.summary as typeof summary & { duration_ms?: number };
    expect(summary).toMatchObject({ total_tests: CASES, failed: 3, total_turns: 40 });
    expect(summary).toEqual(expected);
  });

  it('says what is wrong with the environment, exit 2, before any model is called', async () => {
    const fake = await server();
    const dir = await writeSuiteProject({ url: fake.url, cases: 2 });
    const cases: [Record<string, string>, string[], RegExp][] = [
      [
        {},
        [],
        /error: --shard auto found no shard in the environment; it reads GitLab CI \(CI_NODE_INDEX, CI_NODE_TOTAL\)/,
      ],
      [{ CI_NODE_INDEX: '5', CI_NODE_TOTAL: '4' }, [], /CI_NODE_INDEX="5" is not an index from 1 to 4/],
      [{ JOB_COMPLETION_INDEX: '1' }, [], /pass --shard-total N or set HOLODECK_SHARD_TOTAL=N/],
      [
        { CIRCLE_NODE_INDEX: '1', CIRCLE_NODE_TOTAL: '4' },
        ['--shard-total', '3'],
        /--shard-total 3 disagrees with CircleCI/,
      ],
      [{}, ['--shard', '1/2', '--shard-total', '2'], /--shard-total goes with --shard auto/],
    ];
    for (const [env, args, message] of cases) {
      const run = await runCli(['test', dir, ...(args[0] === '--shard' ? args : ['--shard', 'auto', ...args])], {
        env: { ...NO_ENGINE, ...env },
      });
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(message);
    }
    expect(fake.requests).toHaveLength(0);
  });
});

describe('--shard auto in a Kubernetes Indexed Job', () => {
  it('a pod killed mid-run leaves only its log: merge names it, and merges once its retry finished', {
    timeout: 120_000,
  }, async () => {
    const fake = await server();
    const dir = await writeSuiteProject({ url: fake.url, cases: 6, failing });
    // The killed pod talks to a model that never answers in time, so it is surely mid-run when killed.
    const stuck = await server(60_000);
    const stuckDir = await writeSuiteProject({ url: stuck.url, cases: 6, failing });

    const pod0 = await runCli(['test', dir, '-q', '--shard', 'auto', '--results-dir', 'pods/indexed-0'], {
      cwd: dir,
      env: { ...NO_ENGINE, JOB_COMPLETION_INDEX: '0', HOLODECK_SHARD_TOTAL: '2' },
    });
    expect(pod0.code, pod0.stderr).toBe(1);
    expect(pod0.stderr).toContain(
      'shard 1/2 from a Kubernetes Indexed Job (JOB_COMPLETION_INDEX=0, HOLODECK_SHARD_TOTAL=2)',
    );

    let child: ChildProcess | null = null;
    const killed = runCli(
      ['test', stuckDir, '--shard', 'auto', '--shard-total', '2', '--results-dir', join(dir, 'pods/indexed-1-try-1')],
      { env: { ...NO_ENGINE, JOB_COMPLETION_INDEX: '1' }, onSpawn: (spawned) => (child = spawned) },
    );
    await waitFor(() => stuck.requests.length > 0);
    (child as ChildProcess | null)?.kill('SIGKILL');
    expect((await killed).signal).toBe('SIGKILL');

    const incomplete = await runCli(['merge-reports', 'pods'], { cwd: dir });
    expect(incomplete.code).toBe(2);
    expect(incomplete.stderr).toMatch(
      /shard 2\/2 did not finish: only its log .*pods\/indexed-1-try-1\/reliability\/[^ ]+\.partial\.jsonl is there \(the job crashed/,
    );

    const retry = await runCli(
      ['test', dir, '-q', '--shard', 'auto', '--shard-total', '2', '--results-dir', 'pods/indexed-1-try-2'],
      {
        cwd: dir,
        env: { ...NO_ENGINE, JOB_COMPLETION_INDEX: '1' },
      },
    );
    expect(retry.code, retry.stderr).toBe(1);
    const merged = await runCli(['merge-reports', 'pods', '-q'], { cwd: dir });
    expect(merged.code, merged.stderr).toBe(1);
    expect(merged.stderr).toMatch(
      /skipped .*indexed-1-try-1\/reliability\/[^ ]+\.partial\.jsonl: an unfinished run of shard 2\/2, which is complete in .*indexed-1-try-2/,
    );
    expect(merged.stderr).toMatch(/merged 2 shards into /);
  });
});

/** Polls a condition the fake server's records answer (bounded: fails after 20 s). */
async function waitFor(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the killed pod to reach the model');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
