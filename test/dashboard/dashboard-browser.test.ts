/**
 * The dashboard in a real headless Chromium: runs → run → test case → a turn → compare, script injection,
 * filters, a 1,000-case run, and a run appearing while the page is open. Screenshots go to
 * test-artifacts/dashboard/.
 */
import { appendFile, rm } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Dashboard, startDashboard } from '../../src/dashboard/start-dashboard.js';
import { type DemoFolder, INJECTION, writeDemoFolder } from '../support/dashboard/demo-folder.js';
import { conversationCase, singleCase } from '../support/dashboard/sample-results.js';
import { type TempDir, tempDir } from '../support/dashboard/temp-dir.js';
import { writePartialRun, writeRun, writeScaleFolder } from '../support/dashboard/write-records.js';
import { collectPageErrors, launchChromium, pwned, screenshot } from './browser.js';

let temp: TempDir;
let demo: DemoFolder;
let scaleRun: string;
let dashboard: Dashboard;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  temp = await tempDir();
  demo = await writeDemoFolder(temp.dir);
  scaleRun = (await writeScaleFolder(temp.dir, 1, 1000)).ids[0] ?? '';
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

function open(hash: string): Promise<unknown> {
  return page.goto(`${dashboard.url}${hash}`);
}

async function text(selector: string): Promise<string> {
  return (await page.locator(selector).first().textContent()) ?? '';
}

describe('dashboard in Chromium', () => {
  it('goes from the runs to a failing turn, explained, in two clicks, then to the comparison', async () => {
    await open('#/runs');
    await page.locator(`tr.run-row[data-run-id="${demo.newer}"]`).waitFor();
    expect(await page.locator('tr.run-row').count()).toBe(6);
    expect(await page.locator('svg.chart .dot').count()).toBeGreaterThanOrEqual(4);
    expect(await page.locator('.metric-trend').count()).toBe(3);
    await screenshot(page, '01-runs');

    await page.locator(`tr.run-row[data-run-id="${demo.newer}"] a.run-link`).click();
    const firstCase = page.locator('a.case-row[data-case-index="0"]');
    await firstCase.waitFor();
    expect(await firstCase.textContent()).toContain('3 turns · 2/3 passed');
    expect(await firstCase.textContent()).toContain("turn 2/3: subtract(a≈206588, b≈181001) — arg 'b' mismatch");
    await screenshot(page, '02-run');

    await firstCase.click();
    const failingTurn = page.locator('details.turn[data-turn-index="1"]');
    await failingTurn.locator('.assertion.is-failed').waitFor();
    expect(await failingTurn.getAttribute('open')).not.toBeNull();
    expect(await failingTurn.locator('.assertion.is-failed').textContent()).toContain(
      `arg 'b' mismatch: expected ≈"181001", got 180000`,
    );
    expect(await text('.why-failed .failure-where')).toBe('turn 2/3');
    expect(await text('details.turn[data-turn-index="1"] .turn-label')).toBe('turn 2/3');
    expect(await text('details.turn[data-turn-index="0"] .turn-label')).toBe('turn 1/3');
    expect(await page.locator('details.turn[data-turn-index="0"]').getAttribute('open')).toBeNull();

    await page.locator('details.turn[data-turn-index="0"] > summary').click();
    const firstTurnCall = page.locator('details.turn[data-turn-index="0"] .tool-call[data-call-index="0"]');
    await firstTurnCall.waitFor();
    expect(await firstTurnCall.textContent()).toContain('"row": "net revenue"');
    expect(await firstTurnCall.textContent()).toContain('206588');
    await screenshot(page, '03-case');

    await page.locator('a.button', { hasText: 'All test cases' }).click();
    await page.locator('a.button', { hasText: 'Compare with previous run' }).click();
    await page.locator('a.change-row').first().waitFor();
    const kinds = await page
      .locator('a.change-row')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-kind')));
    expect(kinds.slice(0, 3)).toEqual(['regressed', 'regressed', 'regressed']);
    const regressedTurn = page.locator('a.change-row[data-kind="regressed"] .chip[data-turn-index="1"]').first();
    expect(await regressedTurn.textContent()).toContain('turn 2/3');
    expect(await regressedTurn.getAttribute('title')).toBe('turn 2/3: passed → failed');
    expect(await text('.metric-delta-table')).toContain('numeric');
    expect(await text('.config-table')).toContain('model.name');
    expect(page.url()).toContain(`#/compare/${demo.older}/${demo.newer}`);
    await screenshot(page, '04-compare');
  });

  it('keeps the history of each config file and selection apart: table, charts, picker and previous run', async () => {
    await open('#/runs');
    await page.locator(`tr.run-row[data-run-id="${demo.smoke}"]`).waitFor();
    const groupCell = (id: string) => text(`tr.run-row[data-run-id="${id}"] .group-cell`);
    expect(await groupCell(demo.smoke)).toBe('evals/smoke.yaml' + 'all test cases');
    expect(await groupCell(demo.filtered)).toBe('agent.yaml' + 'filter "revenue*"');
    expect(await groupCell(demo.newer)).toBe('agent.yaml' + 'all test cases');
    // The 1,000-case run of scale-agent is a history of its own too; its config is outside the project.
    const demoOnly = (labels: string[]) => labels.filter((label) => !label.includes('scale-agent'));
    expect(await page.locator('.chart-card .legend-item').count()).toBe(5);
    expect(demoOnly(await page.locator('.chart-card .legend-item').allTextContents())).toEqual([
      'agent.yaml · all test cases',
      'support-bot/agent.yaml · all test cases',
      'evals/smoke.yaml · all test cases',
      'agent.yaml · filter "revenue*"',
    ]);
    const picker = page.locator('select[aria-label="filter by config and selection"]');
    expect(demoOnly(await picker.locator('option').allTextContents())).toEqual([
      'All configs and selections',
      'financial-assistant — agent.yaml · all test cases (2)',
      'financial-assistant — agent.yaml · filter "revenue*" (1)',
      'financial-assistant — evals/smoke.yaml · all test cases (1)',
      'support-bot — support-bot/agent.yaml · all test cases (1)',
    ]);
    await picker.selectOption({ label: 'financial-assistant — agent.yaml · all test cases (2)' });
    await page.locator(`tr.run-row[data-run-id="${demo.smoke}"]`).waitFor({ state: 'detached' });
    expect(await page.locator('tr.run-row').evaluateAll((rows) => rows.map((row) => row.dataset.runId))).toEqual([
      demo.newer,
      demo.older,
    ]);
    expect(page.url()).toMatch(/[?&]group=[0-9a-f]{12}/);
    expect(await page.locator('.chart-card .legend').count()).toBe(0);
    await screenshot(page, '09-history');

    await open(`#/run/${demo.filtered}`);
    await page.locator('a.case-row').first().waitFor();
    expect(await text('.page-head .run-config')).toBe('agent.yaml');
    expect(await page.locator('.page-head .run-config').getAttribute('title')).toBe(demo.configs.agent);
    expect(await text('.page-head .run-selection')).toBe('filter "revenue*"');
    expect(await page.locator('a.button', { hasText: 'Compare with previous run' }).count()).toBe(0);
    await page.locator('a.button', { hasText: 'History of this config' }).click();
    await page.locator(`tr.run-row[data-run-id="${demo.filtered}"]`).waitFor();
    expect(await page.locator('tr.run-row').count()).toBe(1);
  });

  it('compares the two runs picked in the table, the older as baseline', async () => {
    await open('#/runs');
    await page.locator(`tr.run-row[data-run-id="${demo.older}"]`).waitFor();
    await page.locator(`tr.run-row[data-run-id="${demo.newer}"] input[type="checkbox"]`).check();
    await page.locator(`tr.run-row[data-run-id="${demo.older}"] input[type="checkbox"]`).check();
    await page.locator('button', { hasText: 'Compare selected (2/2)' }).click();
    await page.locator('a.change-row').first().waitFor();
    expect(page.url()).toContain(`#/compare/${demo.older}/${demo.newer}`);
  });

  it('shows agent output, tool results and test names as text, never as markup', async () => {
    await open(`#/run/${demo.newer}`);
    const row = page.locator('a.case-row[data-case-index="5"]');
    await row.waitFor();
    expect(await row.textContent()).toContain(INJECTION);
    await row.click();
    await page.locator('details.turn[data-turn-index="0"][open] .tool-call').first().waitFor();
    for (const index of [1, 2]) {
      await page.locator(`details.turn[data-turn-index="${index}"] > summary`).click();
      await page.locator(`details.turn[data-turn-index="${index}"] .tool-call`).first().waitFor();
    }
    expect(await text('h1.case-title')).toBe(`injected ${INJECTION}`);
    expect(await text('details.turn[data-turn-index="0"] pre.response')).toContain(INJECTION);
    expect(await text('details.turn[data-turn-index="0"] .tool-call[data-call-index="1"]')).toContain(INJECTION);
    expect(await page.locator('#app img, #app script').count()).toBe(0);
    expect(await pwned(page)).toBeUndefined();
    await screenshot(page, '05-injection');

    await open(`#/compare/${demo.older}/${demo.newer}`);
    await page.locator('a.change-row[data-kind="added"]').waitFor();
    expect(await page.locator('#app img, #app script').count()).toBe(0);
    expect(await pwned(page)).toBeUndefined();
  });

  it('spells out bidirectional controls, so record text cannot reorder a verdict or the page', async () => {
    const spoof = '\u202E DESSAP \u202C ✓';
    const id = await writeRun(temp.dir, {
      agentName: 'bidi-agent',
      configPath: demo.configs.bot,
      startedAt: '2026-12-01T16:00:00.000Z',
      model: { provider: 'anthropic', name: 'claude-sonnet-4-5' },
      results: [conversationCase('bidi ', { payload: spoof, failTurn: 0 })],
    });
    await open(`#/run/${id}`);
    const row = page.locator('a.case-row[data-case-index="0"]');
    await row.waitFor();
    await row.click();
    await page.locator('details.turn[data-turn-index="0"][open] pre.response').waitFor();
    const shown = String(await page.evaluate('document.body.innerText + document.title'));
    expect(shown).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    expect(await text('h1.case-title')).toBe('bidi \\u202e DESSAP \\u202c ✓');
    expect(await text('details.turn[data-turn-index="0"] pre.response')).toContain('\\u202e DESSAP');
  });

  it('spells out invisible characters, so two test names that differ by one do not look the same', async () => {
    const id = await writeRun(temp.dir, {
      agentName: 'zw-agent',
      configPath: demo.configs.bot,
      startedAt: '2026-12-01T16:30:00.000Z',
      model: { provider: 'anthropic', name: 'claude-sonnet-4-5' },
      results: [conversationCase('log\u200bin', { payload: 'ok\ufeff\u2060\u00ad', failTurn: 0 })],
    });
    await open(`#/run/${id}`);
    await page.locator('a.case-row[data-case-index="0"]').click();
    await page.locator('details.turn[data-turn-index="0"][open] pre.response').waitFor();
    expect(String(await page.evaluate('document.body.innerText'))).not.toMatch(/\u200b|\u2060|\ufeff|\u00ad/);
    // The case is named after its payload.
    expect(await text('h1.case-title')).toBe('log\\u200binok\\ufeff\\u2060\\u00ad');
    expect(await text('details.turn[data-turn-index="0"] pre.response')).toContain('ok\\ufeff\\u2060\\u00ad');
  });

  it('says how much of an interrupted run never ran, and counts errors apart among the failures', async () => {
    const errored = {
      ...singleCase('timed out', false),
      status: 'error' as const,
      passed: false as const,
      errors: ['turn timed out'],
    };
    const id = await writeRun(temp.dir, {
      agentName: 'stopped-agent',
      configPath: demo.configs.bot,
      startedAt: '2026-12-01T17:00:00.000Z',
      state: 'interrupted',
      interrupted: { selected_tests: 20, not_run: 17 },
      results: [singleCase('a', true), singleCase('b', false), errored],
    });
    await open(`#/run/${id}`);
    await page.locator('.stats').first().waitFor();
    const stats = await text('.stats');
    expect(stats).toContain('3 of 20 test cases · 17 did not run');
    expect(stats).toContain('2 failed (1 error)');
  });

  it("shows each tool assertion of a single-turn case with its own outcome, not the case's verdict on all", async () => {
    const assertion = (args: Record<string, string>, passed: boolean, count = 1) => ({
      tool: 'echo',
      args,
      count,
      passed,
      matched_call_index: passed && count > 0 ? 0 : -1,
      matching_calls: passed === count > 0 ? 1 : 0,
      reason: passed ? null : `arg 'text' mismatch: expected "nope", got "b"`,
    });
    const tools = {
      ...singleCase('tools', false),
      expected_tools: [
        { name: 'echo', args: { text: 'b' }, count: 1 },
        { name: 'echo', args: { text: 'nope' }, count: 1 },
        { name: 'boom', args: null, count: 0 },
      ],
      tool_calls: ['echo'],
      tool_invocations: [{ name: 'echo', args: { text: 'b' }, result: 'b', error: null, duration_ms: 1 }],
      tools_matched: false,
      arg_match_details: [
        assertion({ text: 'b' }, true),
        assertion({ text: 'nope' }, false),
        { ...assertion({}, true, 0), tool: 'boom', args: null },
      ],
    };
    const id = await writeRun(temp.dir, {
      agentName: 'tool-agent',
      configPath: demo.configs.bot,
      startedAt: '2026-12-01T17:30:00.000Z',
      results: [tools],
    });
    await open(`#/run/${id}`);
    const row = page.locator('a.case-row[data-case-index="0"]');
    await row.waitFor();
    await row.click();
    await page.locator('ul.assertions li').first().waitFor();
    const classes = await page.locator('ul.assertions li').evaluateAll((items) => items.map((item) => item.className));
    expect(classes).toEqual(['assertion is-passed', 'assertion is-failed', 'assertion is-passed']);
    expect(await text('ul.assertions')).toContain(`arg 'text' mismatch: expected "nope", got "b"`);
  });

  it('never shows an interrupted run green, even when every case that finished passed', async () => {
    const id = await writeRun(temp.dir, {
      agentName: 'stopped-green',
      configPath: demo.configs.bot,
      startedAt: '2026-12-01T18:00:00.000Z',
      state: 'interrupted',
      interrupted: { selected_tests: 4, not_run: 3 },
      results: [singleCase('only one', true)],
    });
    await open(`#/run/${id}`);
    await page.locator('.stats').first().waitFor();
    const rate = page.locator('.stat', { hasText: 'Pass rate' });
    expect(await rate.getAttribute('class')).toBe('stat tone-warn');
    await open('#/runs?q=stopped-green');
    const row = page.locator('tr', { hasText: 'stopped-green' }).first();
    await row.waitFor();
    expect(await row.locator('.passbar').getAttribute('class')).toBe('passbar tone-warn partial');
    expect(await row.textContent()).toContain('1/1 of 4');
    // On the trend chart too: its dot is dashed, and its tooltip says it is of the finished cases only.
    const partialDot = page.locator('svg.chart circle.dot-partial').first();
    await partialDot.waitFor({ state: 'attached' });
    expect(await partialDot.locator('title').textContent()).toContain(
      '(1/1 cases of 4) · interrupted, of the finished cases only',
    );
    // Compared, it is said to be unfinished, as `holodeck compare` says it: its missing cases are no change.
    await open(`#/compare/${demo.newer}/${id}`);
    // The first notice; another says the runs are of two agents, as `holodeck compare` does.
    const notice = page.locator('.notice-warn').first();
    await notice.waitFor();
    expect(await notice.textContent()).toContain(
      'Run B did not finish (interrupted): 3 of its 4 test cases did not run.',
    );
    expect(await page.locator('.compare-rate').last().textContent()).toBe('100% (1/1 of 4) · interrupted');
    expect(await page.locator('.stat', { hasText: 'Pass rate' }).textContent()).toMatch(/[+−]\d+\.\d pts from/);
  });

  it('filters test cases by status, name and metric, and keeps filters in the link', async () => {
    await open(`#/run/${demo.newer}`);
    await page.locator('a.case-row').first().waitFor();
    await page.locator('label.check', { hasText: 'Failed or errored only' }).locator('input').check();
    expect(await page.locator('a.case-row').count()).toBe(4);
    await page.locator('input[aria-label="filter test cases by name"]').fill('capital');
    expect(await page.locator('a.case-row').count()).toBe(1);
    await page.locator('input[aria-label="filter test cases by name"]').fill('');
    await page.locator('select[aria-label="filter by metric"]').selectOption('equality');
    expect(await page.locator('a.case-row').count()).toBe(1);
    expect(page.url()).toContain('failed=1');
    await page.reload();
    await page.locator('a.case-row').first().waitFor();
    expect(await page.locator('a.case-row').count()).toBe(1);
  });

  it('renders only the visible rows of a 1,000-case run', async () => {
    await open(`#/run/${scaleRun}`);
    await page.locator('a.case-row[data-case-index="0"]').waitFor();
    expect(await text('.cases-card .count')).toBe('1,000 of 1,000 test cases');
    expect(await page.locator('a.case-row').count()).toBeLessThan(80);
    await page.locator('.cases .vlist').evaluate((list) => {
      const scroller = list as unknown as { scrollTop: number; scrollHeight: number };
      scroller.scrollTop = scroller.scrollHeight;
    });
    await page.locator('a.case-row[data-case-index="999"]').waitFor();
    expect(await page.locator('a.case-row').count()).toBeLessThan(80);
    await screenshot(page, '06-large-run');
  });

  it('says so when a linked run does not exist', async () => {
    await open('#/run/financial-assistant/2020-01-01T00-00-00-000Z');
    await page.locator('.error-box').waitFor();
    expect(await text('.error-box')).toContain('no run financial-assistant/2020-01-01T00-00-00-000Z');
    errors.splice(0, errors.length, ...errors.filter((error) => !error.includes('404')));
  });

  it('shows a run as soon as it is written, without reloading', async () => {
    await open('#/runs');
    await page.locator('.live-status.live').waitFor();
    const id = await writeRun(temp.dir, {
      startedAt: '2026-12-03T08:00:00.000Z',
      results: [conversationCase('fresh')],
    });
    await page.locator(`tr.run-row[data-run-id="${id}"]`).waitFor();
    expect(await page.locator('tr.run-row').first().getAttribute('data-run-id')).toBe(id);
  });

  it('follows a run in progress until its record is written', async () => {
    const startedAt = '2026-12-04T08:00:00.000Z';
    const first = conversationCase('first done', { failTurn: 2 });
    const id = await writePartialRun(temp.dir, { startedAt, results: [first] });
    await open(`#/run/${id}`);
    await page.locator('a.case-row[data-case-index="0"]').waitFor();
    expect(await text('.page-title .badge')).toBe('running');
    const second = conversationCase('second done');
    await appendFile(join(temp.dir, `${id.replace('/', sep)}.partial.jsonl`), `${JSON.stringify(second)}\n`);
    await page.locator('a.case-row[data-case-index="1"]').waitFor();
    await writeRun(temp.dir, { startedAt, results: [first, second] });
    await rm(join(temp.dir, `${id.replace('/', sep)}.partial.jsonl`));
    await page.locator('.page-title .badge-completed').waitFor();
    expect(await text('.stats')).toContain('50.0%');
  });

  it('logged no errors in the page', () => {
    expect(errors).toEqual([]);
  });
});
