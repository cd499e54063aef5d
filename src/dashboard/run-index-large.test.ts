import { mkdir, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { singleCase } from '../../test/support/dashboard/sample-results.js';
import { type TempDir, tempDir } from '../../test/support/dashboard/temp-dir.js';
import { writeRun } from '../../test/support/dashboard/write-records.js';
import { DashboardError } from './dashboard-error.js';
import { MAX_RECORD_BYTES, tooLargeReason } from './read-record-source.js';
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

const HUGE_ID = 'financial-assistant/2026-01-02T00-00-00-000Z';

/** A 600 MB record (sparse: it takes no room on disk), more than a string can hold. */
async function writeHugeRecord(): Promise<void> {
  const path = join(temp.dir, `${HUGE_ID}.json`);
  await mkdir(join(temp.dir, 'financial-assistant'), { recursive: true });
  await writeFile(path, '');
  await truncate(path, 600 * 1024 * 1024);
}

describe('a run record too large to read', () => {
  it('is listed as unreadable with its size while the other runs are indexed, and is not read again', async () => {
    await writeRun(temp.dir, { startedAt: '2026-01-01T09:00:00Z', results: [singleCase('a', true)] });
    await writeHugeRecord();
    const index = new RunIndex(temp.dir);
    const runs = await index.refresh();
    expect(runs.map((run) => [run.id, run.state])).toEqual([
      [HUGE_ID, 'unreadable'],
      ['financial-assistant/2026-01-01T09-00-00-000Z', 'completed'],
    ]);
    expect(runs[0]?.error).toBe(
      `${HUGE_ID}: record too large to read: 600.0 MB, above the 512 MB a record can be read up to`,
    );
    expect(index.pending).toBe(0);
    // Unchanged on disk: the same summary, no new version (the file is not read on each poll).
    const version = index.version;
    const again = await index.refresh();
    expect(again[0]).toBe(runs[0]);
    expect(index.version).toBe(version);
  });

  it('says so when the run is opened', async () => {
    await writeHugeRecord();
    const error = await new RunStore(temp.dir).load(requireRunId(HUGE_ID)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DashboardError);
    expect((error as DashboardError).code).toBe('RECORD_UNREADABLE');
    expect((error as DashboardError).message).toMatch(/record too large to read: 600\.0 MB/);
  });

  it('is judged by its size in bytes against the longest string', () => {
    expect(tooLargeReason(MAX_RECORD_BYTES)).toBeNull();
    expect(tooLargeReason(MAX_RECORD_BYTES + 1)).toMatch(/^record too large to read: 512\.0 MB/);
  });
});
