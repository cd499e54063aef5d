import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { conversationCase, singleCase } from '../../test/support/dashboard/sample-results.js';
import { type TempDir, tempDir } from '../../test/support/dashboard/temp-dir.js';
import { writeRun } from '../../test/support/dashboard/write-records.js';
import { pageRuns, trendsOf } from './query-runs.js';
import { RunIndex } from './run-index.js';

let temp: TempDir;
beforeEach(async () => {
  temp = await tempDir();
});
afterEach(async () => {
  await temp.cleanup();
});

type Json = Record<string, unknown>;

/** Writes a run, then rewrites its record through `edit`, as a hand edit would. */
async function editedRun(startedAt: string, edit: (record: Json & { report: Json }) => Json): Promise<string> {
  const results = [singleCase('a', true), singleCase('b', false), singleCase('c', false), conversationCase('d', {})];
  const id = await writeRun(temp.dir, { startedAt, results });
  const path = join(temp.dir, `${id}.json`);
  const record = JSON.parse(await readFile(path, 'utf8')) as Json & { report: Json };
  await writeFile(path, JSON.stringify(edit(record)));
  return id;
}

const ALL = { agent: null, group: null, q: null, status: null } as const;

describe('the runs index of records that cannot be opened', () => {
  it('lists a record invalid by the schema as unreadable with the reason, and plots it nowhere', async () => {
    const edits: ((result: Json) => Json)[] = [
      (result) => ({ ...result, test_name: 7 }),
      (result) => ({ ...result, agent_response: null }),
      (result) => ({ ...result, surprise: true }),
    ];
    for (const [n, edit] of edits.entries()) {
      await editedRun(`2026-12-0${n + 1}T09:00:00Z`, (record) => {
        const results = record.report['results'] as Json[];
        return { ...record, report: { ...record.report, results: [edit(results[0] as Json), ...results.slice(1)] } };
      });
    }
    const runs = await new RunIndex(temp.dir).refresh();
    expect(runs.map((run) => run.state)).toEqual(['unreadable', 'unreadable', 'unreadable']);
    expect(runs.map((run) => run.error)).toEqual([
      expect.stringMatching(/not a valid run record: report\.results\.0: Unrecognized key: "surprise"/),
      expect.stringMatching(/not a valid run record: report\.results\.0\.agent_response: /),
      expect.stringMatching(/not a valid run record: report\.results\.0\.test_name: /),
    ]);
    expect(trendsOf(runs, ALL).points).toEqual([]);
  });

  it('lists a record whose summary is greener than its results as unreadable, saying so', async () => {
    const id = await editedRun('2026-12-04T09:00:00Z', (record) => {
      const summary = { ...(record.report['summary'] as Json), passed: 4, failed: 0, pass_rate: 1 };
      return { ...record, report: { ...record.report, summary } };
    });
    const runs = await new RunIndex(temp.dir).refresh();
    expect(runs[0]).toMatchObject({ id, state: 'unreadable' });
    expect(runs[0]?.error).toBe(
      `${id}: the record contradicts itself: report.summary.passed: the summary says 4 passed, its results hold 2`,
    );
    expect(pageRuns(runs, { ...ALL, status: 'passed', offset: 0, limit: 50 }).runs).toEqual([]);
    expect(trendsOf(runs, ALL).points).toEqual([]);
  });
});
