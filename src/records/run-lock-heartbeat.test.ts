import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { until } from '../../test/helpers/until.js';
import { processStart } from '../core/live-process.js';
import { lockedState, lockPathOf, runHolder, takeFileLock, takeRunLock } from './run-lock.js';

async function runFile(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'holodeck-heartbeat-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return join(dir, '2026-12-08T08-00-00-000Z.json');
}

/** The pid of a process that has ended (as the id of a process in another PID namespace reads here). */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid as number;
}

async function touchedAgo(path: string, ms: number): Promise<void> {
  const when = new Date(Date.now() - ms);
  await utimes(path, when, when);
}

const THREE_MIN = 3 * 60_000;

describe('run locks with a heartbeat', () => {
  it("count while touched lately, though their process id is no live process here's", async () => {
    const record = await runFile();
    const lock = lockPathOf(record);
    const pid = deadPid();
    await writeFile(lock, JSON.stringify({ pid, host: hostname(), start: '1', heartbeat: 30_000 }));
    expect(lockedState(record)).toBe('running');
    expect(await runHolder(record)).toEqual({ pid, host: hostname() });
    const refused = await takeRunLock(record);
    expect(refused).toMatchObject({ ok: false, holder: { pid, host: hostname() } });
    expect(!refused.ok && refused.heartbeat?.stale_after_ms).toBe(120_000);
    await touchedAgo(lock, THREE_MIN);
    expect(lockedState(record)).toBe('stopped');
    const taken = await takeRunLock(record);
    expect(taken).toMatchObject({ ok: true });
    expect(taken.ok && taken.replaced).toBeUndefined();
    if (taken.ok) taken.release();
  });

  it.runIf(process.platform === 'linux')(
    'count while touched lately, though their pid is another process',
    async () => {
      const record = await runFile();
      const other = spawn('sleep', ['60']);
      onTestFinished(() => void other.kill('SIGKILL'));
      await writeFile(
        lockPathOf(record),
        JSON.stringify({ pid: other.pid, host: hostname(), start: '1', heartbeat: 30_000 }),
      );
      expect(lockedState(record)).toBe('running');
      expect((await takeRunLock(record)).ok).toBe(false);
      await touchedAgo(lockPathOf(record), THREE_MIN);
      expect(lockedState(record)).toBe('stopped');
    },
  );

  it('of this machine still count untouched while their own process lives', async () => {
    const record = await runFile();
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    onTestFinished(() => void sleeper.kill('SIGKILL'));
    const start = processStart(sleeper.pid as number);
    const lock = { pid: sleeper.pid, host: hostname(), ...(start === null ? {} : { start }), heartbeat: 30_000 };
    await writeFile(lockPathOf(record), JSON.stringify(lock));
    await touchedAgo(lockPathOf(record), THREE_MIN);
    expect(lockedState(record)).toBe('running');
    expect((await takeRunLock(record)).ok).toBe(false);
  });

  it('of another machine count while touched lately, however long ago its log was written, then are taken over', async () => {
    const record = await runFile();
    const log = record.replace(/\.json$/, '.partial.jsonl');
    await writeFile(log, '');
    await touchedAgo(log, 60 * 60_000);
    await writeFile(lockPathOf(record), JSON.stringify({ pid: process.pid, host: 'ci-runner-7', heartbeat: 30_000 }));
    const options = { foreign_stale_after_ms: 60_000 };
    expect(lockedState(record)).toBe('running');
    const refused = await takeRunLock(record, options);
    expect(refused).toMatchObject({ ok: false, holder: { pid: process.pid, host: 'ci-runner-7' } });
    await touchedAgo(lockPathOf(record), THREE_MIN);
    expect(lockedState(record)).toBe('stopped');
    const taken = await takeRunLock(record, options);
    expect(taken.ok && taken.replaced).toMatchObject({
      pid: process.pid,
      host: 'ci-runner-7',
      stale_after_ms: 120_000,
    });
    if (taken.ok) taken.release();
  });

  it('are touched while held, and no more once released', async () => {
    const record = await runFile();
    const lock = lockPathOf(record);
    const taken = await takeFileLock(lock, undefined, { heartbeat_ms: 20 });
    expect(JSON.parse(await readFile(lock, 'utf8'))).toMatchObject({ pid: process.pid, heartbeat: 20 });
    await touchedAgo(lock, THREE_MIN);
    expect(lockedState(record)).toBe('running');
    await until(() => Date.now() - statSync(lock).mtimeMs < 60_000, 5_000);
    if (taken.ok) taken.release();
    expect(existsSync(lock)).toBe(false);
    // A lock written at that path after the release is not touched by the released one's heartbeat.
    await writeFile(lock, '{}');
    await touchedAgo(lock, THREE_MIN);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(Date.now() - statSync(lock).mtimeMs).toBeGreaterThan(60_000);
  });
});
