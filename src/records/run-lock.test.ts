import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { lockedState, lockPathOf, runHolder, takeRunLock } from './run-lock.js';

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
    expect(JSON.parse(await readFile(lockPathOf(record), 'utf8'))).toEqual({ pid: process.pid, host: hostname() });
  });

  it("take another machine's lock at its word, and read a lock that is not one as no holder", async () => {
    const record = await runFile();
    await writeFile(lockPathOf(record), JSON.stringify({ pid: 12, host: 'elsewhere.example' }));
    expect(await runHolder(record)).toEqual({ pid: 12, host: 'elsewhere.example' });
    await writeFile(lockPathOf(record), 'not json');
    expect(await runHolder(record)).toBeNull();
    expect(lockedState(record)).toBe('stopped');
  });
});
