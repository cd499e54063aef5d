import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { lockPathOf } from '../records/run-lock.js';
import { partialStatus } from './read-run-file.js';

describe("an in-progress log under another machine's lock with a heartbeat", () => {
  it('is running while the lock is touched, however long ago the log was written, and stopped after', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-dash-beat-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const path = join(dir, '2026-12-08T12-00-00-000Z.partial.jsonl');
    await writeFile(path, '');
    await writeFile(lockPathOf(path), JSON.stringify({ pid: 4242, host: 'ci-runner-7', heartbeat: 30_000 }));
    const now = Date.now();
    const file = { path, mtimeMs: now - 60 * 60_000 };
    expect(partialStatus(file, now)).toEqual({ state: 'running', note: null });
    const old = new Date(now - 3 * 60_000);
    await utimes(lockPathOf(path), old, old);
    expect(partialStatus(file, now)).toEqual({ state: 'incomplete', note: null });
  });
});
