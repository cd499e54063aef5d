/**
 * The dashboard in a real headless Chromium, on verdicts it must not blur: a tiny score shown as a number, and a
 * case that could not be judged shown as an error, apart from the failures, with its cause.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationCase, singleCase } from '../support/dashboard/sample-results.js';
import { type TempDir, tempDir } from '../support/dashboard/temp-dir.js';
import { writeRun } from '../support/dashboard/write-records.js';
import { type DashboardInChromium, openDashboardInChromium, screenshot } from './browser.js';

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

const open = (hash: string) => chromium.open(hash);
const text = (selector: string) => chromium.text(selector);

describe('dashboard verdicts in Chromium', () => {
  it('shows small scores as numbers, not as 0.', async () => {
    const base = singleCase('barely similar', false);
    const metric = base.metric_results[0];
    if (metric === undefined) throw new Error('fixture');
    const tiny = { ...metric, metric_name: 'similarity', score: 0.0004, threshold: 0.5, reasoning: null };
    const id = await writeRun(temp.dir, {
      agentName: 'score-agent',
      startedAt: '2026-12-05T08:00:00.000Z',
      results: [{ ...base, metric_results: [tiny] }],
    });
    await open(`#/run/${id}`);
    await chromium.page.locator('a.case-row[data-case-index="0"]').waitFor();
    expect(await text('.metrics-table tbody')).toContain('0.0004');
    expect(await text('a.case-row[data-case-index="0"] .cell-failure')).toBe(
      'metric similarity: score 0.0004 < threshold 0.5',
    );
    await chromium.page.locator('a.case-row[data-case-index="0"]').click();
    const scores = chromium.page.locator('.exchange-card tr.metric-row td.num');
    await scores.first().waitFor();
    expect(await scores.allTextContents()).toEqual(['0.0004', '0.5', expect.any(String)]);
  });

  it('shows a case that could not be judged as an error, apart from failures, with its cause', async () => {
    const failing = conversationCase('wrong-answer', { failTurn: 1 });
    const base = conversationCase('endpoint-down');
    const turns = (base.turns ?? []).map((turn, index) =>
      index === 1
        ? {
            ...turn,
            status: 'error' as const,
            passed: false as const,
            response: '',
            tool_calls: [],
            tool_invocations: [],
            arg_match_details: [],
            metric_results: [],
            grader_details: [],
            errors: ['model endpoint unreachable: connect ECONNREFUSED 127.0.0.1:9'],
          }
        : turn,
    );
    const last = turns[2];
    if (last === undefined) throw new Error('fixture');
    const failedCall = {
      name: 'divide',
      args: { a: 1, b: 0 },
      result: null,
      error: 'division by zero',
      duration_ms: 1,
    };
    turns[2] = { ...last, tool_invocations: [...last.tool_invocations, failedCall] };
    const errored = { ...base, turns, status: 'error' as const, passed: false as const };
    const id = await writeRun(temp.dir, {
      agentName: 'error-agent',
      startedAt: '2026-12-05T09:00:00.000Z',
      results: [failing, errored],
    });
    await open(`#/run/${id}`);
    const row = chromium.page.locator('a.case-row[data-case-index="1"]');
    await row.waitFor();
    expect(await row.getAttribute('class')).toContain('status-error');
    expect(await row.locator('.icon').first().textContent()).toBe('!');
    expect(await row.textContent()).toContain('turn 2/3: model endpoint unreachable: connect ECONNREFUSED');
    expect(await chromium.page.locator('a.case-row[data-case-index="0"]').getAttribute('class')).toContain(
      'status-failed',
    );
    await row.click();
    const turn = chromium.page.locator('details.turn[data-turn-index="1"]');
    await turn.waitFor();
    expect(await turn.getAttribute('class')).toContain('status-error');
    expect(await turn.getAttribute('open')).not.toBeNull();
    expect(await text('.page-title .badge')).toBe('error');
    expect(await turn.locator('.badge').first().textContent()).toBe('error');
    // A tool call that returned an error shows on the collapsed turn, whatever the turn's status.
    const wrongTurn = chromium.page.locator('details.turn[data-turn-index="2"] .chip-tool-error');
    expect(await wrongTurn.textContent()).toBe('1 tool error');
    expect(await chromium.page.locator('details.turn[data-turn-index="0"] .chip-tool-error').count()).toBe(0);
    await screenshot(chromium.page, '09-error-case');
  });

  it('logged no errors in the page', () => {
    expect(chromium.errors).toEqual([]);
  });
});
