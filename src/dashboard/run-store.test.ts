import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { singleCase } from '../../test/support/dashboard/sample-results.js';
import { type TempDir, tempDir } from '../../test/support/dashboard/temp-dir.js';
import { writePartialRun, writeRun } from '../../test/support/dashboard/write-records.js';
import { DashboardError } from './dashboard-error.js';
import { requireRunId } from './run-id.js';
import { RunStore } from './run-store.js';

let temp: TempDir;
beforeEach(async () => {
  temp = await tempDir();
});
afterEach(async () => {
  await temp.cleanup();
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DashboardError) return error.code;
    throw error;
  }
  return 'no error';
}

describe('RunStore', () => {
  it('keeps only the most recently used runs in memory', async () => {
    const store = new RunStore(temp.dir, { capacity: 2 });
    const ids = [];
    for (const day of [1, 2, 3]) {
      ids.push(
        await writeRun(temp.dir, {
          startedAt: `2026-12-0${day}T09:00:00Z`,
          results: [singleCase(`case ${day}`, true)],
        }),
      );
    }
    for (const id of ids) await store.load(requireRunId(id));
    expect(store.cachedIds).toEqual([ids[1], ids[2]]);
    const again = await store.load(requireRunId(ids[2] ?? ''));
    expect(again).toBe(await store.load(requireRunId(ids[2] ?? '')));
  });

  it('re-reads a run whose file changed, and shares one read between concurrent loads', async () => {
    const store = new RunStore(temp.dir);
    const id = requireRunId(
      await writeRun(temp.dir, { startedAt: '2026-12-01T09:00:00Z', results: [singleCase('a', true)] }),
    );
    const [one, two] = await Promise.all([store.load(id), store.load(id)]);
    expect(one).toBe(two);
    await writeRun(temp.dir, {
      startedAt: '2026-12-01T09:00:00Z',
      results: [singleCase('a', true), singleCase('b', true)],
    });
    expect((await store.load(id)).report.results).toHaveLength(2);
  });

  it('loads an in-progress run from its log', async () => {
    const id = requireRunId(
      await writePartialRun(temp.dir, { startedAt: '2026-12-01T09:00:00Z', results: [singleCase('a', false)] }),
    );
    const record = await new RunStore(temp.dir).load(id);
    expect(record.state).toBe('running');
    expect(record.report.summary.failed).toBe(1);
  });

  it('reports missing and unreadable runs with their codes', async () => {
    const store = new RunStore(temp.dir);
    expect(await codeOf(store.load(requireRunId('financial-assistant/nope')))).toBe('RUN_NOT_FOUND');
    await mkdir(join(temp.dir, 'agent'));
    await writeFile(join(temp.dir, 'agent', 'bad.json'), 'not json');
    expect(await codeOf(store.load(requireRunId('agent/bad')))).toBe('RECORD_UNREADABLE');
  });

  it('does not read through a symbolic link that leaves the folder', async () => {
    const outside = await tempDir();
    try {
      await writeRun(outside.dir, { agentName: 'elsewhere', startedAt: '2026-12-01T09:00:00Z', results: [] });
      await symlink(join(outside.dir, 'elsewhere'), join(temp.dir, 'elsewhere'));
      const id = requireRunId('elsewhere/2026-12-01T09-00-00-000Z');
      expect(await codeOf(new RunStore(temp.dir).load(id))).toBe('RUN_NOT_FOUND');
    } finally {
      await outside.cleanup();
    }
  });
});
