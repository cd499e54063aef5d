/** The runs list pages through a long history, and the browser's Back button returns to the page before. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TempDir, tempDir } from '../support/dashboard/temp-dir.js';
import { writeScaleFolder } from '../support/dashboard/write-records.js';
import { type DashboardSession, openDashboard } from './open-dashboard.js';

let temp: TempDir;
let session: DashboardSession;

beforeAll(async () => {
  temp = await tempDir();
  await writeScaleFolder(temp.dir, 60, 2);
  session = await openDashboard(temp.dir);
}, 60_000);

afterAll(async () => {
  await session?.close();
  await temp?.cleanup();
});

describe('paging the runs list', () => {
  it('goes to older runs and back with the Back button, staying in the dashboard', async () => {
    const { page, dashboard } = session;
    await page.goto(`${dashboard.url}#/runs`);
    const pager = page.locator('.pager .muted');
    await pager.waitFor();
    expect(await pager.textContent()).toBe('1–50 of 60 runs');
    await page.getByRole('button', { name: 'Older ›' }).click();
    await page.locator('.pager .muted', { hasText: '51–60 of 60 runs' }).waitFor();
    expect(page.url()).toContain('offset=50');
    await page.goBack();
    await page.locator('.pager .muted', { hasText: '1–50 of 60 runs' }).waitFor();
    expect(page.url()).toMatch(/#\/runs$/);
    expect(session.errors).toEqual([]);
  });
});
