import { readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { singleCase } from '../../test/support/dashboard/sample-results.js';
import { type TempDir, tempDir } from '../../test/support/dashboard/temp-dir.js';
import { recordOf, writeRun } from '../../test/support/dashboard/write-records.js';
import { requireRunId } from './run-id.js';
import { RunIndex } from './run-index.js';
import { RunStore } from './run-store.js';

let temp: TempDir;
beforeEach(async () => {
  temp = await tempDir();
});
afterEach(async () => {
  await temp.cleanup();
});

const STARTED = '2026-12-01T09:00:00.000Z';
const NAMES = ['a', 'b', 'c', 'd', 'e'];
/** Whole seconds, which every file system keeps exactly, so that a file's times can be set back to the same. */
const WHEN = 1_796_000_000;

/** A 5/5 record, its times set to WHEN. */
async function writePassingRun(): Promise<string> {
  const id = await writeRun(temp.dir, { startedAt: STARTED, results: NAMES.map((n) => singleCase(n, true)) });
  await utimes(join(temp.dir, `${id}.json`), WHEN, WHEN);
  return id;
}

/**
 * Replaces a 5/5 record by a version of the same size in which every case failed, then sets its times back to
 * the first version's (`touch -r`): only its change time tells them apart.
 */
async function replaceKeepingTimes(path: string): Promise<void> {
  const before = await stat(path);
  const first = await readFile(path, 'utf8');
  const failing = JSON.stringify(recordOf({ startedAt: STARTED, results: NAMES.map((n) => singleCase(n, false)) }));
  expect(failing.length).toBeLessThanOrEqual(first.length);
  // File systems keep times in ticks of a few milliseconds: the change time of the new version is a later one.
  await sleep(50);
  await writeFile(path, failing.padEnd(first.length, ' '));
  await utimes(path, WHEN, WHEN);
  const after = await stat(path);
  expect([after.mtimeMs, after.size, after.ino]).toEqual([before.mtimeMs, before.size, before.ino]);
}

describe('a record replaced by a version of the same size and times', () => {
  it('is read again by the runs index', async () => {
    const id = await writePassingRun();
    const index = new RunIndex(temp.dir);
    expect((await index.refresh())[0]?.summary.passed).toBe(5);
    await replaceKeepingTimes(join(temp.dir, `${id}.json`));
    const [run] = await index.refresh();
    expect(run?.summary).toMatchObject({ passed: 0, failed: 5 });
  });

  it('is read again when the run is opened', async () => {
    const id = await writePassingRun();
    const store = new RunStore(temp.dir);
    expect((await store.load(requireRunId(id))).report.summary.passed).toBe(5);
    await replaceKeepingTimes(join(temp.dir, `${id}.json`));
    expect((await store.load(requireRunId(id))).report.summary).toMatchObject({ passed: 0, failed: 5 });
  });

  it('is not read again while it stays the same', async () => {
    await writePassingRun();
    const index = new RunIndex(temp.dir);
    const [first] = await index.refresh();
    const [again] = await index.refresh();
    expect(again).toBe(first);
  });
});
