import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { until } from '../../test/helpers/until.js';
import { pidNamespace, processStart } from '../core/live-process.js';
import { LockWriteError, lockedState, lockPathOf, runHolder, takeFileLock, takeRunLock } from './run-lock.js';

async function runFile(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'holodeck-lock-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return join(dir, '2026-12-06T08-00-00-000Z.json');
}

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  return child.pid as number;
}

describe('run locks', () => {
  it('are taken by one process, released once the record is written, and known by both run files', async () => {
    const record = await runFile();
    expect(lockPathOf(record)).toBe(record.replace(/\.json$/, '.lock'));
    expect(lockPathOf(record.replace(/\.json$/, '.partial.jsonl'))).toBe(lockPathOf(record));
    expect(lockedState(record)).toBe('unknown');
    const taken = await takeRunLock(record);
    expect(taken.ok).toBe(true);
    expect(await runHolder(record)).toEqual({ pid: process.pid, host: hostname() });
    expect(lockedState(record)).toBe('running');
    // The same process may take it again (a --resume that took it before its record reporter).
    expect((await takeRunLock(record)).ok).toBe(true);
    if (taken.ok) taken.release();
    expect(existsSync(lockPathOf(record))).toBe(false);
  });

  it('refuse a run a live process holds, and take over one whose process is gone', async () => {
    const record = await runFile();
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    onTestFinished(() => void sleeper.kill('SIGKILL'));
    await writeFile(lockPathOf(record), JSON.stringify({ pid: sleeper.pid, host: hostname() }));
    expect(await takeRunLock(record)).toEqual({ ok: false, holder: { pid: sleeper.pid, host: hostname() } });
    expect(lockedState(record)).toBe('running');
    const gone = deadPid();
    await writeFile(lockPathOf(record), JSON.stringify({ pid: gone, host: hostname() }));
    expect(lockedState(record)).toBe('stopped');
    expect(await runHolder(record)).toBeNull();
    const taken = await takeRunLock(record);
    expect(taken.ok).toBe(true);
    const start = processStart('self');
    const ns = pidNamespace();
    expect(JSON.parse(await readFile(lockPathOf(record), 'utf8'))).toEqual({
      pid: process.pid,
      host: hostname(),
      ...(start === null ? {} : { start }),
      ...(ns === null ? {} : { ns }),
      heartbeat: 30_000,
    });
  });

  it('judges a lock of this PID namespace by its process even when touched lately; another namespace by its heartbeat', async () => {
    const record = await runFile();
    const ns = pidNamespace();
    expect(ns).toMatch(/^pid:\[\d+\]$/);
    // A run killed a moment ago: its lock is fresh, its process gone.
    const gone = { pid: deadPid(), host: hostname(), heartbeat: 30_000 };
    await writeFile(lockPathOf(record), JSON.stringify({ ...gone, ns }));
    expect(lockedState(record)).toBe('stopped');
    // The same lock written in another container: its process cannot be asked here, its heartbeat is fresh.
    await writeFile(lockPathOf(record), JSON.stringify({ ...gone, ns: 'pid:[1]' }));
    expect(lockedState(record)).toBe('running');
  });

  it.runIf(process.platform === 'linux')(
    'take over a lock whose process id now belongs to another process (reused), with or without its start',
    async () => {
      const record = await runFile();
      const other = spawn('sleep', ['60']);
      onTestFinished(() => void other.kill('SIGKILL'));
      // Once it runs sleep (not the Node that forked it).
      await until(() => readFileSync(`/proc/${other.pid}/cmdline`, 'utf8').startsWith('sleep'), 5_000);
      // The lock of a process that started at another time than the live one of that id.
      await writeFile(lockPathOf(record), JSON.stringify({ pid: other.pid, host: hostname(), start: '1' }));
      expect(lockedState(record)).toBe('stopped');
      // A lock of an earlier holodeck, without its start: a live process that is no Node process is not its own.
      await writeFile(lockPathOf(record), JSON.stringify({ pid: other.pid, host: hostname() }));
      expect(lockedState(record)).toBe('stopped');
      const start = processStart(other.pid as number);
      await writeFile(lockPathOf(record), JSON.stringify({ pid: other.pid, host: hostname(), start }));
      expect(lockedState(record)).toBe('running');
      expect((await takeRunLock(record)).ok).toBe(false);
    },
  );

  it("take over another machine's lock once its run has written nothing for the time given", async () => {
    const record = await runFile();
    const log = record.replace(/\.json$/, '.partial.jsonl');
    await writeFile(log, '');
    await writeFile(lockPathOf(record), JSON.stringify({ pid: 4242, host: 'ci-runner-7' }));
    const written = Date.now();
    const at = (ms: number) => ({ foreign_stale_after_ms: 60_000, now: () => written + ms });
    expect(await takeRunLock(record, at(1_000))).toEqual({ ok: false, holder: { pid: 4242, host: 'ci-runner-7' } });
    const old = new Date(written - 3_600_000);
    await utimes(log, old, old);
    // The lock was written now: the newer of the two counts.
    expect((await takeRunLock(record, at(30_000))).ok).toBe(false);
    await utimes(lockPathOf(record), old, old);
    const taken = await takeRunLock(record, at(0));
    expect(taken.ok && taken.replaced).toMatchObject({ pid: 4242, host: 'ci-runner-7' });
    expect(JSON.parse(await readFile(lockPathOf(record), 'utf8'))).toMatchObject({ pid: process.pid });
  });

  it("take another machine's lock at its word, and read a lock that is not one as no holder", async () => {
    const record = await runFile();
    await writeFile(lockPathOf(record), JSON.stringify({ pid: 12, host: 'elsewhere.example' }));
    expect(await runHolder(record)).toEqual({ pid: 12, host: 'elsewhere.example' });
    await writeFile(lockPathOf(record), 'not json');
    expect(await runHolder(record)).toBeNull();
    expect(lockedState(record)).toBe('stopped');
  });

  it.runIf(process.platform === 'linux')(
    'that cannot be written on a full disk say which file and why, and leave no temporary file',
    async () => {
      const record = await runFile();
      const lock = lockPathOf(record);
      // The lock's temporary file leads to /dev/full, where every write fails as on a full disk.
      await symlink('/dev/full', `${lock}.${process.pid}.tmp`);
      const error = await takeRunLock(record).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(LockWriteError);
      expect((error as Error).message).toBe(`cannot write the lock file ${lock}: ENOSPC: no space left on device`);
      expect(await readdir(dirname(record))).toEqual([]);
    },
  );

  it('that cannot be linked in place say so, and leave no temporary file', async () => {
    const record = await runFile();
    // A lock path whose folder is a file: the temporary file beside it cannot be made either.
    const lock = join(dirname(record), 'taken', basename(lockPathOf(record)));
    await mkdir(join(dirname(record), 'taken'));
    await mkdir(lock);
    await writeFile(join(lock, 'inside'), '');
    const error = await takeFileLock(lock).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(LockWriteError);
    expect((error as LockWriteError).path).toBe(lock);
    expect(await readdir(dirname(lock))).toEqual([basename(lock)]);
  });
});
