/**
 * The compare view in a real headless Chromium counts and lists cases as `holodeck compare` does: the cases still
 * failing by how their turns moved (worse, mixed, better, unchanged), each case once, in the command's order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIXED_A, MIXED_B } from '../support/dashboard/mixed-changes.js';
import { type TempDir, tempDir } from '../support/dashboard/temp-dir.js';
import { writeRun } from '../support/dashboard/write-records.js';
import { type DashboardInChromium, openDashboardInChromium } from './browser.js';

let temp: TempDir;
let chromium: DashboardInChromium;

beforeAll(async () => {
  temp = await tempDir();
  chromium = await openDashboardInChromium(temp.dir);
}, 60_000);

afterAll(async () => {
  await chromium?.close();
  await temp?.cleanup();
});

describe('the compare view in Chromium', () => {
  it('says how the cases still failing moved, as the last line of holodeck compare, and marks each row so', async () => {
    const a = await writeRun(temp.dir, { startedAt: '2026-12-01T09:00:00Z', results: MIXED_A });
    const b = await writeRun(temp.dir, { startedAt: '2026-12-02T09:00:00Z', results: MIXED_B });
    await chromium.open(`#/compare/${a}/${b}`);
    const page = chromium.page;
    await page.locator('a.change-row').first().waitFor();
    const still = await page.locator('.kind-filters label.kind-still_failing').textContent();
    expect(still).toBe('still failing 4 (1 worse, 1 mixed, 1 better, 1 unchanged)');
    const rows = await page
      .locator('a.change-row')
      .evaluateAll((links) =>
        links.map((link) => [link.querySelector('.cell-name')?.textContent, link.querySelector('.badge')?.textContent]),
      );
    expect(rows).toEqual([
      ['regresses', 'regressed'],
      ['worse', 'worse'],
      ['mixed', 'mixed'],
      ['fixed', 'fixed'],
      ['better', 'better'],
      ['unchanged', 'still failing'],
    ]);
    const mixed = page.locator('a.change-row .badge[data-trend="mixed"]');
    expect(await mixed.getAttribute('title')).toBe(
      'still failing in both runs, with turns newly failing and others newly passing',
    );
    expect(await page.locator('a.change-row', { hasText: 'mixed' }).locator('.cell-failure').textContent()).toMatch(
      /^turn 4\/4: /,
    );
    expect(chromium.errors).toEqual([]);
  });
});
