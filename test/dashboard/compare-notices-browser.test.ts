/**
 * The compare view in a real headless Chromium warns, as `holodeck compare` does, when cases of one name asked
 * other questions or expected other answers in run B: their verdicts compare different tests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationCase, singleCase } from '../support/dashboard/sample-results.js';
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
  it('warns of cases of one name that asked or expected otherwise in run B, and of none when they did not', async () => {
    const same = singleCase('capital', true);
    const conversation = conversationCase('revenue');
    const a = await writeRun(temp.dir, { startedAt: '2026-12-01T09:00:00Z', results: [same, conversation] });
    const askedOtherwise = { ...same, test_input: 'What is the capital of Spain?', ground_truth: 'Madrid' };
    const turns = (conversation.turns ?? []).map((turn, index) =>
      index === 1 ? { ...turn, ground_truth: '0' } : turn,
    );
    const b = await writeRun(temp.dir, {
      startedAt: '2026-12-02T09:00:00Z',
      results: [askedOtherwise, { ...conversation, turns }],
    });
    const c = await writeRun(temp.dir, { startedAt: '2026-12-03T09:00:00Z', results: [same, conversation] });
    await chromium.open(`#/compare/${a}/${b}`);
    const notice = chromium.page.locator('.notice-warn');
    await notice.first().waitFor();
    expect(await notice.allTextContents()).toEqual([
      '2 test cases of the same name asked other questions or expected other answers in run B: "capital", "revenue" — their verdicts compare different tests.',
    ]);
    await chromium.open(`#/compare/${a}/${c}`);
    // The view of runs A and C, not the one before it.
    await chromium.page.locator(`a.compare-run[href$="/run/${c}"]`).waitFor();
    await chromium.page.locator('.changes-card').waitFor();
    expect(await notice.count()).toBe(0);
    expect(chromium.errors).toEqual([]);
  });
});
