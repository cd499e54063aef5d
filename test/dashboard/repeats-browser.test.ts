/**
 * Repeats in the dashboard: a case run N times shows how many repeats passed, each turn's pass
 * rate as a small bar, pass@k and pass^k, and opens each repeat's own turns. In a real headless Chromium
 * against a record holding the results as the runner rolls them up.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollupRepeats } from '../../src/runner/rollup-repeats.js';
import { conversationCase } from '../support/dashboard/sample-results.js';
import { type TempDir, tempDir } from '../support/dashboard/temp-dir.js';
import { writeRun } from '../support/dashboard/write-records.js';
import { screenshot } from './browser.js';
import { type DashboardSession, openDashboard } from './open-dashboard.js';

/** Four repeats of a 3-turn conversation whose turn 2 fails in repeats 2 and 4. */
function flakyConversation() {
  const repeats = [
    conversationCase('refund'),
    conversationCase('refund', { failTurn: 1 }),
    conversationCase('refund'),
    conversationCase('refund', { failTurn: 1 }),
  ];
  return rollupRepeats(repeats, 0.5);
}

let temp: TempDir;
let run: string;
let session: DashboardSession;
let page: Page;
let errors: string[];

beforeAll(async () => {
  temp = await tempDir();
  run = await writeRun(temp.dir, { startedAt: '2026-12-04T09:00:00.000Z', results: [flakyConversation()] });
  session = await openDashboard(temp.dir);
  ({ page, errors } = session);
}, 60_000);

afterAll(async () => {
  await session?.close();
  await temp?.cleanup();
});

describe('repeats in the dashboard', () => {
  it("shows the case's repeats, each turn's pass rate as a bar, pass@k and pass^k, and opens each repeat", async () => {
    await page.goto(`${session.dashboard.url}#/run/${run}/case/0`);
    const card = page.locator('.repeats-card');
    await card.waitFor();
    expect(await card.locator('.card-head h2').textContent()).toBe('Repeats (4)');
    expect(await card.locator('.repeats-count').textContent()).toBe('2/4 repeats passed');
    expect(await card.locator('.repeats-summary .chip-flaky').count()).toBe(1);

    const rows = card.locator('tr.repeat-turn');
    expect(await rows.count()).toBe(3);
    const widths = await rows
      .locator('.passbar-fill')
      .evaluateAll((fills) => fills.map((fill) => (fill as unknown as { style: { width: string } }).style.width));
    expect(widths).toEqual(['100%', '50%', '100%']);
    expect(await rows.nth(1).textContent()).toContain('2/4');
    expect(await rows.nth(1).locator('.chip-flaky').count()).toBe(1);
    expect(await rows.nth(0).locator('.chip-flaky').count()).toBe(0);
    const estimators = await card.locator('.repeat-estimators tbody tr').allTextContents();
    // n = 4, c = 2: pass@2 = 1 − C(2,2)/C(4,2) = 5/6, pass^2 = C(2,2)/C(4,2) = 1/6.
    expect(estimators).toEqual(['10.5000.500', '20.8330.167', '31.0000.000', '41.0000.000']);

    // The case (passed at min pass rate 0.5) shows the turns of its first passing repeat…
    expect(await page.locator('.turns-card .card-head h2').textContent()).toBe('Turns (3)');
    const links = card.locator('a.repeat-link');
    expect(await links.allTextContents()).toEqual(['Case', '✓ 1', '✗ 2', '✓ 3', '✗ 4']);
    await screenshot(page, 'repeats-case');

    // …and each repeat opens with its own turns.
    await links.nth(2).click();
    await page.locator('.turns-card .card-head h2', { hasText: 'of repeat 2/4' }).waitFor();
    expect(page.url()).toContain(`#/run/${run}/case/0?repeat=1`);
    expect(await page.locator('a.repeat-link[aria-current="page"]').textContent()).toBe('✗ 2');
    const failing = page.locator('details.turn[data-turn-index="1"]');
    expect(await failing.getAttribute('open')).not.toBeNull();
    expect(await failing.locator('.assertion.is-failed').textContent()).toContain("arg 'b' mismatch");

    await links.nth(1).click();
    await page.locator('.turns-card .card-head h2', { hasText: 'of repeat 1/4' }).waitFor();
    expect(await page.locator('details.turn[open]').count()).toBe(0);

    // A repeat that does not exist shows the case.
    await page.goto(`${session.dashboard.url}#/run/${run}/case/0?repeat=9`);
    await page.locator('.repeats-card').waitFor();
    expect(await page.locator('.turns-card .card-head h2').textContent()).toBe('Turns (3)');
    expect(errors).toEqual([]);
  });
});
