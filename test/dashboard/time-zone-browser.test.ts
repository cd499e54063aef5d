/**
 * Every time the page shows names its zone, served or exported: under Pacific/Kiritimati (UTC+14) a run of
 * 2026-12-07T17:19:41Z started on the 8th locally, beside a run id that says the 7th.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportStaticReport } from '../../src/dashboard/export-static-report.js';
import { type Dashboard, startDashboard } from '../../src/dashboard/start-dashboard.js';
import { writeStreamAtomic } from '../../src/reporters/atomic-write.js';
import { singleCase } from '../support/dashboard/sample-results.js';
import { type TempDir, tempDir } from '../support/dashboard/temp-dir.js';
import { writeRun } from '../support/dashboard/write-records.js';
import { collectPageErrors, launchChromium } from './browser.js';

let temp: TempDir;
let dashboard: Dashboard;
let browser: Browser;
let run: string;
let reportUrl: string;

beforeAll(async () => {
  temp = await tempDir();
  const results = join(temp.dir, 'results');
  await mkdir(results);
  for (const startedAt of ['2026-07-01T09:00:00.000Z', '2026-12-06T17:19:41.683Z']) {
    await writeRun(results, { agentName: 'port-agent', startedAt, results: [singleCase('a', false)] });
  }
  run = await writeRun(results, {
    agentName: 'port-agent',
    startedAt: '2026-12-07T17:19:41.683Z',
    results: [singleCase('a', true)],
  });
  const out = await exportStaticReport({
    resultsDir: results,
    outPath: join(temp.dir, 'report.html'),
    write: writeStreamAtomic,
  });
  reportUrl = pathToFileURL(out).href;
  dashboard = await startDashboard({ resultsDir: results, host: '127.0.0.1', port: 0, pollMs: 200 });
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await dashboard?.close();
  await temp?.cleanup();
});

async function pageIn(timezoneId: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1360, height: 900 }, timezoneId });
  return { page, errors: collectPageErrors(page) };
}

describe('times on the page', () => {
  it('name the browser zone in the run header, the runs table, the chart and its tooltips', async () => {
    const { page, errors } = await pageIn('Pacific/Kiritimati');
    await page.goto(`${dashboard.url}#/run/${run}`);
    await page.locator('.page-head .title-sub').waitFor();
    expect(await page.locator('.page-head .title-sub').textContent()).toBe('2026-12-08 07:19:41 UTC+14:00');
    expect(await page.locator('.stats').textContent()).toContain('finished 2026-12-08 07:19:42 UTC+14:00');

    await page.goto(`${dashboard.url}#/runs`);
    const link = page.locator(`tr.run-row[data-run-id="${run}"] a.run-link`);
    await link.waitFor();
    expect(await link.textContent()).toBe('2026-12-08 07:19:41');
    expect(await page.locator('.runs-table thead th').nth(1).textContent()).toBe('Started (UTC+14:00)');
    expect(await page.locator('.chart-card .chart-zone').textContent()).toBe('Times in UTC+14:00');
    const axis = await page.locator('.chart-card svg.chart text.axis').allTextContents();
    expect(axis).toContain('12-08 07:19');
    const titles = await page.locator('.chart-card svg.chart title').allTextContents();
    expect(titles.some((title) => title.includes('2026-12-08 07:19:41 UTC+14:00'))).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('name the zone of each start in the runs table when a daylight saving change falls between them', async () => {
    const { page, errors } = await pageIn('Europe/Berlin');
    await page.goto(`${dashboard.url}#/runs`);
    await page.locator('tr.run-row').first().waitFor();
    expect(await page.locator('.runs-table thead th').nth(1).textContent()).toBe('Started');
    expect(await page.locator('tr.run-row a.run-link').allTextContents()).toEqual([
      '2026-12-07 18:19:41 UTC+01:00',
      '2026-12-06 18:19:41 UTC+01:00',
      '2026-07-01 11:00:00 UTC+02:00',
    ]);
    expect(await page.locator('.chart-card .chart-zone').textContent()).toBe('Times in UTC+02:00 and UTC+01:00');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('say UTC in a browser on UTC', async () => {
    const { page, errors } = await pageIn('UTC');
    await page.goto(`${dashboard.url}#/run/${run}`);
    await page.locator('.page-head .title-sub').waitFor();
    expect(await page.locator('.page-head .title-sub').textContent()).toBe('2026-12-07 17:19:41 UTC');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('name the zone in the static export too', async () => {
    const { page, errors } = await pageIn('America/Los_Angeles');
    await page.goto(reportUrl);
    await page.locator('.page-head .title-sub').waitFor();
    expect(await page.locator('.page-head .title-sub').textContent()).toBe('2026-12-07 09:19:41 UTC-08:00');
    expect(await page.locator('.live-status.static').textContent()).toMatch(/^Static report · .* UTC-0[78]:00$/);
    expect(errors).toEqual([]);
    await page.close();
  });
});
