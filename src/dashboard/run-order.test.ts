import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { singleCase } from '../../test/support/dashboard/sample-results.js';
import { type TempDir, tempDir } from '../../test/support/dashboard/temp-dir.js';
import { recordOf } from '../../test/support/dashboard/write-records.js';
import { buildStaticData } from './export-static-report.js';
import { trendsOf } from './query-runs.js';
import { RunIndex } from './run-index.js';
import { compareRunIds } from './run-order.js';

let temp: TempDir;
beforeEach(async () => {
  temp = await tempDir();
});
afterEach(async () => {
  await temp.cleanup();
});

const STAMP = '2026-12-07T17-19-41-683Z';
const STARTED = '2026-12-07T17:19:41.683Z';

/** Twelve runs that started in one millisecond (`…Z`, `…Z-2` … `…Z-12`), the twelfth alone failing. */
async function writeSameMillisecond(): Promise<string[]> {
  await mkdir(join(temp.dir, 'port-agent'), { recursive: true });
  const names: string[] = [];
  for (let attempt = 1; attempt <= 12; attempt += 1) {
    const name = attempt === 1 ? STAMP : `${STAMP}-${attempt}`;
    const record = {
      ...recordOf({ agentName: 'port-agent', startedAt: STARTED, results: [singleCase('a', attempt !== 12)] }),
      run_id: `00000000-0000-4000-8000-${String(attempt).padStart(12, '0')}`,
    };
    await writeFile(join(temp.dir, 'port-agent', `${name}.json`), JSON.stringify(record));
    names.push(`port-agent/${name}`);
  }
  return names;
}

describe('runs that started in the same millisecond', () => {
  it('are ordered by their -N suffix as a number, as the command line orders them', () => {
    const ids = ['a/x', `a/${STAMP}-10`, `a/${STAMP}-2`, `a/${STAMP}`, `a/${STAMP}-9`, 'a/backup'];
    expect([...ids].sort(compareRunIds)).toEqual([
      'a/backup',
      'a/x',
      `a/${STAMP}`,
      `a/${STAMP}-2`,
      `a/${STAMP}-9`,
      `a/${STAMP}-10`,
    ]);
  });

  it('list the twelfth as the newest, and the trend ends on it', async () => {
    const names = await writeSameMillisecond();
    const runs = await new RunIndex(temp.dir).refresh();
    expect(runs.map((run) => run.id)).toEqual([...names].reverse());
    expect(runs[0]?.summary.failed).toBe(1);
    const query = { agent: null, group: null, q: null, status: null };
    const points = trendsOf(runs, query).points;
    expect(points.at(-1)?.id).toBe(`port-agent/${STAMP}-12`);
    expect(points.at(-1)?.pass_rate).toBe(0);
  });

  it('export the twelfth as the latest run', async () => {
    await writeSameMillisecond();
    const data = await buildStaticData(temp.dir);
    expect(data.run.run.id).toBe(`port-agent/${STAMP}-12`);
  });
});
