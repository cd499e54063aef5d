/** The pass-rate chart's time axis tells runs apart when they started within the same minute. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { singleCase } from '../support/dashboard/sample-results.js';
import { type TempDir, tempDir } from '../support/dashboard/temp-dir.js';
import { writeRun } from '../support/dashboard/write-records.js';
import { type DashboardSession, openDashboard } from './open-dashboard.js';

let temp: TempDir;
let session: DashboardSession;

beforeAll(async () => {
  temp = await tempDir();
  // Four runs 15 s apart, all between 10:43:00 and 10:43:59 (UTC; the page shows local time, the test's TZ).
  for (let run = 0; run < 4; run += 1) {
    const startedAt = new Date(Date.UTC(2026, 11, 6, 10, 43, run * 15)).toISOString();
    await writeRun(temp.dir, { agentName: 'quick-agent', startedAt, results: [singleCase('a', run % 2 === 0)] });
  }
  session = await openDashboard(temp.dir);
}, 60_000);

afterAll(async () => {
  await session?.close();
  await temp?.cleanup();
});

describe('the time axis', () => {
  it('adds seconds when runs started in the same minute, so no two labels read the same', async () => {
    const { page, dashboard } = session;
    await page.goto(`${dashboard.url}#/runs`);
    const axis = page.locator('.chart-card svg.chart text.axis');
    await axis.first().waitFor();
    const labels = (await axis.allTextContents()).filter((label) => /^\d\d-\d\d /.test(label));
    expect(labels).toHaveLength(4);
    expect(new Set(labels).size).toBe(4);
    for (const label of labels) expect(label).toMatch(/^\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(session.errors).toEqual([]);
  });
});
