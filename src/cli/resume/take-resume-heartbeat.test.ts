import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { partialLogOf } from '../../../test/support/records/partial-log-of.js';
import { takeResumeLock } from './take-resume-lock.js';

async function run(): Promise<{ record: string; partial: string; lock: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'holodeck-resume-beat-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const stem = join(dir, '2026-12-08T12-00-00-000Z');
  const paths = { record: `${stem}.json`, partial: `${stem}.partial.jsonl`, lock: `${stem}.lock` };
  const execution = { parallel_test_cases: 1, llm_timeout: 60 };
  await writeFile(paths.partial, partialLogOf({ startedAt: '2026-12-08T12:00:00.000Z', results: [], execution }));
  // The log was last written an hour ago: a long case is under way.
  const old = new Date(Date.now() - 60 * 60_000);
  await utimes(paths.partial, old, old);
  return paths;
}

describe('takeResumeLock of a lock with a heartbeat', () => {
  it('refuses it while it is touched, whatever its process id says here, and takes it once it is not', async () => {
    const paths = await run();
    // The id of a process of another PID namespace: none such here.
    const pid = spawnSync(process.execPath, ['-e', '0']).pid as number;
    await writeFile(paths.lock, JSON.stringify({ pid, host: hostname(), start: '1', heartbeat: 30_000 }));
    const now = Date.now();
    const touched = new Date(now - 10_000);
    await utimes(paths.lock, touched, touched);
    expect(await takeResumeLock(paths, () => now)).toEqual({
      ok: false,
      message: `the run is still going: its lock ${paths.lock} names holodeck process ${pid} on ${hostname()}, and was touched 10.0s ago (a running holodeck touches its lock as it goes, and a lock untouched for 2m 00s is stale): let it finish, or stop it first; if it is not running any more (it crashed, its machine or job is gone, or these files were copied from there), delete ${paths.lock} and resume again`,
    });
    const old = new Date(now - 3 * 60_000);
    await utimes(paths.lock, old, old);
    const taken = await takeResumeLock(paths, () => now);
    expect(taken).toMatchObject({ ok: true, note: null });
    if (taken.ok) taken.lock.release();
  });

  it("refuses another machine's while it is touched though its log is old, and says why it takes it after", async () => {
    const paths = await run();
    await writeFile(paths.lock, JSON.stringify({ pid: 4242, host: 'ci-runner-7', heartbeat: 30_000 }));
    const now = Date.now();
    const refused = await takeResumeLock(paths, () => now);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.message).toMatch(
      /^the run is still going: its lock .* names holodeck process 4242 on ci-runner-7, and was touched \S+ ago/,
    );
    const old = new Date(now - 3 * 60_000);
    await utimes(paths.lock, old, old);
    const taken = await takeResumeLock(paths, () => now);
    expect(taken.ok && taken.note).toBe(
      "the run's lock named holodeck process 4242 on ci-runner-7, but it was last touched 3m 00s ago (a running holodeck touches its lock as it goes, and a lock untouched for 2m 00s is stale): it is taken as stopped",
    );
    if (taken.ok) taken.lock.release();
  });
});
