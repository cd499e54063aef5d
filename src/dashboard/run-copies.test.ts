import { copyFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { singleCase } from '../../test/support/dashboard/sample-results.js';
import { type TempDir, tempDir } from '../../test/support/dashboard/temp-dir.js';
import { writeRun } from '../../test/support/dashboard/write-records.js';
import { trendsOf } from './query-runs.js';
import { RunIndex } from './run-index.js';

let temp: TempDir;
beforeEach(async () => {
  temp = await tempDir();
});
afterEach(async () => {
  await temp.cleanup();
});

const AGENT = 'financial-assistant';
const ALL = { agent: null, group: null, q: null, status: null };

async function twoRuns(): Promise<{ older: string; newer: string }> {
  const older = await writeRun(temp.dir, { startedAt: '2026-12-01T09:00:00Z', results: [singleCase('a', false)] });
  const newer = await writeRun(temp.dir, { startedAt: '2026-12-02T09:00:00Z', results: [singleCase('a', true)] });
  return { older, newer };
}

describe('a record that is a copy of another run (the same run id in another file)', () => {
  it('is listed as a copy of the run, and left out of the trend and of the previous run', async () => {
    const { older, newer } = await twoRuns();
    await copyFile(join(temp.dir, `${older}.json`), join(temp.dir, AGENT, 'backup.json'));
    // A copy under a name holodeck gives (a re-downloaded artifact renamed), newer than the run it copies.
    await copyFile(join(temp.dir, `${newer}.json`), join(temp.dir, AGENT, `${newer.slice(AGENT.length + 1)}-2.json`));
    const index = new RunIndex(temp.dir);
    const runs = await index.refresh();
    expect(runs.map((run) => [run.id, run.copy_of])).toEqual([
      [`${newer}-2`, newer],
      [newer, null],
      [older, null],
      [`${AGENT}/backup`, older],
    ]);
    expect(trendsOf(runs, ALL).points.map((point) => point.id)).toEqual([older, newer]);
    expect(index.previousRun(newer)).toBe(older);
    expect(index.previousRun(`${newer}-2`)).toBe(newer);
    expect(index.get(`${AGENT}/backup`)?.copy_of).toBe(older);
  });

  it('is a run again once the run it copied is gone', async () => {
    const { older } = await twoRuns();
    await copyFile(join(temp.dir, `${older}.json`), join(temp.dir, AGENT, 'backup.json'));
    const index = new RunIndex(temp.dir);
    expect(index.get(`${AGENT}/backup`)).toBeNull();
    await index.refresh();
    expect(index.get(`${AGENT}/backup`)?.copy_of).toBe(older);
    await rm(join(temp.dir, `${older}.json`));
    await index.refresh();
    expect(index.get(`${AGENT}/backup`)?.copy_of).toBeNull();
  });

  it('keeps the file named after the run’s start as the run when the copy has an earlier name', async () => {
    const { newer } = await twoRuns();
    const backup = `${AGENT}/2026-11-30T00-00-00-000Z`;
    await copyFile(join(temp.dir, `${newer}.json`), join(temp.dir, `${backup}.json`));
    const index = new RunIndex(temp.dir);
    await index.refresh();
    expect([index.get(newer)?.copy_of, index.get(backup)?.copy_of]).toEqual([null, newer]);
  });
});
