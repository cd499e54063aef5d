/**
 * Issue 15 §3: the compare view opens on a model matrix — `#/comparison/<comparison id>` compares the runs
 * the models of one invocation left (first two by default, others picked by link), and a matrix run's page
 * links to it. In a real headless Chromium against records written as `holodeck test` writes them.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Dashboard, startDashboard } from '../../src/dashboard/start-dashboard.js';
import { conversationCase, singleCase } from '../support/dashboard/sample-results.js';
import { type TempDir, tempDir } from '../support/dashboard/temp-dir.js';
import { writeRun } from '../support/dashboard/write-records.js';
import { collectPageErrors, launchChromium, screenshot } from './browser.js';

const COMPARISON = '0f4e2b7a-1c3d-4e5f-8a9b-0c1d2e3f4a5b';

let temp: TempDir;
let runs: string[];
let dashboard: Dashboard;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  temp = await tempDir();
  const model = (name: string) => ({ provider: 'openai', name });
  runs = [
    await writeRun(temp.dir, {
      startedAt: '2026-12-04T07:00:00.000Z',
      model: model('gpt-good'),
      comparisonId: COMPARISON,
      results: [singleCase('france', true), singleCase('italy', true), conversationCase('tour')],
    }),
    await writeRun(temp.dir, {
      startedAt: '2026-12-04T07:00:00.001Z',
      model: model('gpt-bad'),
      comparisonId: COMPARISON,
      results: [singleCase('france', true), singleCase('italy', false), conversationCase('tour', { failTurn: 1 })],
    }),
    await writeRun(temp.dir, {
      startedAt: '2026-12-04T07:00:00.002Z',
      model: model('gpt-odd'),
      comparisonId: COMPARISON,
      results: [singleCase('france', false), singleCase('italy', true), conversationCase('tour')],
    }),
    // Another invocation's run of the same config: not part of the comparison.
    await writeRun(temp.dir, {
      startedAt: '2026-12-04T08:00:00.000Z',
      model: model('gpt-good'),
      results: [singleCase('france', false), singleCase('italy', false), conversationCase('tour')],
    }),
  ];
  dashboard = await startDashboard({ resultsDir: temp.dir, host: '127.0.0.1', port: 0, pollMs: 200 });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
  errors = collectPageErrors(page);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await dashboard?.close();
  await temp?.cleanup();
});

const rowNames = () => page.locator('a.change-row .cell-name').allTextContents();

describe('compare view on a model matrix', () => {
  it('opens on the comparison id: the first two models, regressions first, and the models to pick from', async () => {
    await page.goto(`${dashboard.url}#/comparison/${COMPARISON}`);
    await page.locator('a.change-row').first().waitFor();
    expect(await page.locator('h1').textContent()).toBe('Compare models');
    expect(await page.locator('.matrix-card .card-body').textContent()).toContain(`comparison ${COMPARISON}`);
    const chips = page.locator('.matrix-pick[data-side="b"] a.chip');
    expect(await chips.allTextContents()).toEqual(['openai/gpt-good', 'openai/gpt-bad', 'openai/gpt-odd']);
    expect(await page.locator('.matrix-pick[data-side="b"] a[aria-current="true"]').textContent()).toBe(
      'openai/gpt-bad',
    );
    expect(await page.locator('.matrix-pick[data-side="a"] a[aria-current="true"]').textContent()).toBe(
      'openai/gpt-good',
    );
    expect(await rowNames()).toEqual(['italy', 'tour']);
    expect(await page.locator('a.change-row').first().getAttribute('data-kind')).toBe('regressed');
    expect(await page.locator('.compare-run').allTextContents()).toEqual([
      expect.stringContaining('openai/gpt-good'),
      expect.stringContaining('openai/gpt-bad'),
    ]);
    await screenshot(page, 'compare-models-01');
  });

  it('compares another pair when its model is picked, keeping the link', async () => {
    await page.locator('.matrix-pick[data-side="b"] a.chip', { hasText: 'openai/gpt-odd' }).click();
    await page.locator('.matrix-pick[data-side="b"] a[aria-current="true"]', { hasText: 'gpt-odd' }).waitFor();
    expect(page.url()).toContain(`#/comparison/${COMPARISON}?a=0&b=2`);
    await page.locator('a.change-row .cell-name', { hasText: 'france' }).waitFor();
    expect(await rowNames()).toEqual(['france']);
  });

  it('is one click away from a matrix run, and says so when a comparison id is unknown', async () => {
    await page.goto(`${dashboard.url}#/run/${runs[1]}`);
    await page.locator('a.button.compare-models').click();
    await page.locator('a.change-row').first().waitFor();
    expect(page.url()).toContain(`#/comparison/${COMPARISON}`);
    await page.goto(`${dashboard.url}#/run/${runs[3]}`);
    await page.locator('a.button', { hasText: 'History of this config' }).waitFor();
    expect(await page.locator('a.button.compare-models').count()).toBe(0);
    await page.goto(`${dashboard.url}#/comparison/nope-1`);
    await page.locator('.error-box').waitFor();
    expect(await page.locator('.error-box').textContent()).toContain('comparison nope-1: no run in this folder has it');
    errors.splice(0, errors.length, ...errors.filter((error) => !error.includes('404')));
  });

  it('logged no errors in the page', () => {
    expect(errors).toEqual([]);
  });
});
