/**
 * `holodeck test view --export report.html`: the exported file opens from disk in headless Chromium, with no
 * server, under its own content security policy, and renders the run with the same views. The report is kept
 * as test-artifacts/dashboard/report.html.
 */
import { mkdir } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportStaticReport } from '../../src/dashboard/export-static-report.js';
import { writeStreamAtomic } from '../../src/reporters/atomic-write.js';
import { type DemoFolder, INJECTION, writeDemoFolder } from '../support/dashboard/demo-folder.js';
import { type TempDir, tempDir } from '../support/dashboard/temp-dir.js';
import { ARTIFACTS_DIR, collectPageErrors, launchChromium, pwned, screenshot } from './browser.js';

let temp: TempDir;
let demo: DemoFolder;
let reportUrl: string;
let browser: Browser;
let page: Page;
let errors: string[];
const requests: string[] = [];

beforeAll(async () => {
  temp = await tempDir();
  demo = await writeDemoFolder(temp.dir);
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const out = await exportStaticReport({
    resultsDir: temp.dir,
    outPath: `${ARTIFACTS_DIR}report.html`,
    write: writeStreamAtomic,
  });
  reportUrl = pathToFileURL(out).href;
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
  errors = collectPageErrors(page);
  page.on('request', (request) => requests.push(request.url()));
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await temp?.cleanup();
});

describe('static report in Chromium', () => {
  it('opens on the exported run and reaches a failing turn', async () => {
    await page.goto(reportUrl);
    await page.locator('a.case-row[data-case-index="0"]').waitFor();
    expect(page.url()).toContain(`#/run/${demo.newer}`);
    expect(await page.locator('.live-status.static').textContent()).toContain('Static report');
    expect(await page.locator('a.button', { hasText: 'Compare' }).count()).toBe(0);
    expect(await page.locator('.page-head .run-config').textContent()).toBe('agent.yaml');
    expect(await page.locator('.page-head .run-selection').textContent()).toBe('all test cases');
    await screenshot(page, '07-static-run');

    await page.locator('a.case-row[data-case-index="0"]').click();
    const failingTurn = page.locator('details.turn[data-turn-index="1"][open]');
    await failingTurn.locator('.assertion.is-failed').waitFor();
    expect(await failingTurn.locator('.assertion.is-failed').textContent()).toContain("arg 'b' mismatch");
    expect(await failingTurn.locator('.turn-label').textContent()).toBe('turn 2/3');
    await screenshot(page, '08-static-case');
  });

  it('renders untrusted text as text', async () => {
    await page.goto(`${reportUrl}#/run/${demo.newer}/case/5`);
    await page.locator('details.turn[data-turn-index="0"][open] pre.response').waitFor();
    expect(await page.locator('details.turn[data-turn-index="0"] pre.response').textContent()).toContain(INJECTION);
    expect(await page.locator('#app img, #app script').count()).toBe(0);
    expect(await pwned(page)).toBeUndefined();
  });

  it('lists its run on the runs view and explains what it does not hold', async () => {
    await page.goto(`${reportUrl}#/runs`);
    await page.locator('tr.run-row').first().waitFor();
    expect(await page.locator('tr.run-row').count()).toBe(1);
    await page.goto(`${reportUrl}#/compare/${demo.older}/${demo.newer}`);
    await page.locator('.error-box').waitFor();
    expect(await page.locator('.error-box').textContent()).toContain('not part of this static report');
  });

  it('ran under its content security policy without errors or network requests', () => {
    expect(errors).toEqual([]);
    expect(requests.filter((url) => !url.startsWith('file:') && !url.startsWith('data:'))).toEqual([]);
  });
});
