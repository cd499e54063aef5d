import { spawn } from 'node:child_process';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { partialLogOf } from '../../../test/support/records/partial-log-of.js';
import { takeResumeLock } from './take-resume-lock.js';

async function run(): Promise<{ record: string; partial: string; lock: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'holodeck-resume-lock-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const stem = join(dir, '2026-12-07T12-00-00-000Z');
  const paths = { record: `${stem}.json`, partial: `${stem}.partial.jsonl`, lock: `${stem}.lock` };
  // A log whose header says the run's turn time limit: 120 s, so another machine's lock counts for 20 min.
  const execution = { parallel_test_cases: 1, llm_timeout: 120 };
  await writeFile(paths.partial, partialLogOf({ startedAt: '2026-12-07T12:00:00.000Z', results: [], execution }));
  return paths;
}

describe('takeResumeLock', () => {
  it('refuses a run a live process of this machine holds, saying how to override a lock that lies', async () => {
    const paths = await run();
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    onTestFinished(() => void sleeper.kill('SIGKILL'));
    await writeFile(paths.lock, JSON.stringify({ pid: sleeper.pid, host: hostname() }));
    expect(await takeResumeLock(paths)).toEqual({
      ok: false,
      message: `the run is still going (holodeck process ${sleeper.pid} is writing ${paths.partial}): let it finish, or stop it first; if process ${sleeper.pid} is not running it (the run crashed), delete ${paths.lock} and resume again`,
    });
  });

  it("takes another machine's lock once the run has written nothing for 10 turn time limits, and says so", async () => {
    const paths = await run();
    await writeFile(paths.lock, JSON.stringify({ pid: 4242, host: 'ci-runner-7' }));
    const now = Date.now();
    const fresh = await takeResumeLock(paths, () => now + 5 * 60_000);
    expect(fresh).toEqual({
      ok: false,
      message: `the run may still be going: its lock ${paths.lock} names holodeck process 4242 on ci-runner-7, which cannot be asked from here, and the run last wrote 5m 00s ago (a lock of another machine counts until its run has written nothing for 20m 00s): let it finish; if it is not running any more (its machine or job is gone, or these files were copied from there), delete ${paths.lock} and resume again`,
    });
    const old = new Date(now - 30 * 60_000);
    await utimes(paths.partial, old, old);
    await utimes(paths.lock, old, old);
    const taken = await takeResumeLock(paths, () => now);
    expect(taken.ok && taken.note).toBe(
      "the run's lock named holodeck process 4242 on ci-runner-7, but the run has written nothing for 30m 00s (a lock of another machine counts for 20m 00s after its run last wrote): it is taken as stopped",
    );
    if (taken.ok) taken.lock.release();
  });
});
