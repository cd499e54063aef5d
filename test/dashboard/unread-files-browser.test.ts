/**
 * The dashboard in Chromium says which files under the results folder it does not read as runs, and marks a
 * record that is a copy of another run.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { singleCase } from '../support/dashboard/sample-results.js';
import { type TempDir, tempDir } from '../support/dashboard/temp-dir.js';
import { writeRun } from '../support/dashboard/write-records.js';
import { type DashboardInChromium, openDashboardInChromium } from './browser.js';

let temp: TempDir;
let chromium: DashboardInChromium;
let run: string;

beforeAll(async () => {
  temp = await tempDir();
  run = await writeRun(temp.dir, { startedAt: '2026-12-07T17:19:41.683Z', results: [singleCase('a', true)] });
  const [agent = '', stamp = ''] = run.split('/');
  await copyFile(join(temp.dir, `${run}.json`), join(temp.dir, agent, `${stamp} (1).json`));
  await copyFile(join(temp.dir, `${run}.json`), join(temp.dir, agent, 'backup.json'));
  await mkdir(join(temp.dir, agent, 'old'));
  await copyFile(join(temp.dir, `${run}.json`), join(temp.dir, agent, 'old', `${stamp}.json`));
  chromium = await openDashboardInChromium(temp.dir);
}, 60_000);

afterAll(async () => {
  await chromium?.close();
  await temp?.cleanup();
});

describe('files not read, and copies of a run, in Chromium', () => {
  it('lists the files not read with why, and marks the copy in the runs table', async () => {
    await chromium.open('#/runs');
    const note = chromium.page.locator('details.unread-files');
    await note.waitFor();
    expect(await chromium.text('details.unread-files summary')).toBe(
      '2 files under the results folder are not read as runs',
    );
    await note.locator('summary').click();
    const items = await note.locator('li').allTextContents();
    expect(items).toEqual([
      expect.stringMatching(/^financial-assistant\/2026-12-07T17-19-41-683Z \(1\)\.json — not a run name/),
      expect.stringMatching(/^financial-assistant\/old\/2026-12-07T17-19-41-683Z\.json — in a subfolder/),
    ]);
    const copyRow = chromium.page.locator('tr.run-row[data-run-id="financial-assistant/backup"]');
    expect(await copyRow.locator('.run-copy').textContent()).toBe(`copy of ${run}`);
    expect(await chromium.page.locator(`tr.run-row[data-run-id="${run}"] .run-copy`).count()).toBe(0);
    expect(chromium.errors).toEqual([]);
  });

  it('says on the copy’s page which run it copies', async () => {
    await chromium.open('#/run/financial-assistant/backup');
    const notice = chromium.page.locator('.run-copy-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(new RegExp(`^This record is a copy of run ${run} \\(the same run id`));
    expect(chromium.errors).toEqual([]);
  });
});
