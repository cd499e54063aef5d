/**
 * Cost in the dashboard: a run's figures, a case and each turn show what their model calls cost,
 * split into agent and judge calls, and a run with an unpriced model shows its cost as a lower bound or unknown,
 * never $0, and one with a call that reported no token usage says so, its token counts a lower bound. In a real
 * headless Chromium against records written as `holodeck test` writes them.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZERO_COST } from '../../src/core/cost.js';
import type { CostBreakdown, TestResult } from '../../src/core/results.js';
import { conversationCase, singleCase } from '../support/dashboard/sample-results.js';
import { type TempDir, tempDir } from '../support/dashboard/temp-dir.js';
import { writeRun } from '../support/dashboard/write-records.js';
import { type DashboardSession, openDashboard } from './open-dashboard.js';

const priced = (agent: number, judge: number, judgeCalls: number): CostBreakdown => ({
  ...ZERO_COST,
  agent_usd: agent,
  judge_usd: judge,
  priced_usd: agent + judge,
  judge_calls: judgeCalls,
});

/** A conversation of three turns, each $0.001 of agent calls and $0.0005 of one judge call. */
function costedConversation(): TestResult {
  const base = conversationCase('tour');
  const turns = (base.turns ?? []).map((turn) => ({ ...turn, cost_usd: 0.0015, cost: priced(0.001, 0.0005, 1) }));
  return { ...base, turns, cost_usd: 0.0045, cost: priced(0.003, 0.0015, 3) };
}

/** The same conversation replayed: every answer came from a cassette, so nothing was spent. */
function replayedConversation(): TestResult {
  const served = (cost: CostBreakdown, calls: number): CostBreakdown => ({
    ...cost,
    spent_usd: 0,
    stored: { calls, usd: cost.priced_usd, priced_usd: cost.priced_usd },
  });
  const base = costedConversation();
  const turns = (base.turns ?? []).map((turn) => ({ ...turn, cost: served(priced(0.001, 0.0005, 1), 2) }));
  return { ...base, turns, cost: served(priced(0.003, 0.0015, 3), 6) };
}

function unpricedCase(): TestResult {
  const cost = { ...ZERO_COST, agent_usd: null, unpriced_models: ['openai_compatible:house-model'] };
  return { ...singleCase('france', true), cost_usd: null, cost, retries: 2 };
}

/** A case with a call that reported no token usage: its cost unknown, its tokens a lower bound. */
function unreportedCase(): TestResult {
  const cost = { ...ZERO_COST, agent_usd: null, unpriced_models: ['openai:gpt-4o-mini (no token usage reported)'] };
  return { ...singleCase('paris', true), cost_usd: null, cost };
}

let temp: TempDir;
let pricedRun: string;
let unpricedRun: string;
let replayedRun: string;
let unreportedRun: string;
let session: DashboardSession;
let page: Page;
let errors: string[];

beforeAll(async () => {
  temp = await tempDir();
  pricedRun = await writeRun(temp.dir, { startedAt: '2026-12-04T07:00:00.000Z', results: [costedConversation()] });
  unpricedRun = await writeRun(temp.dir, { startedAt: '2026-12-04T08:00:00.000Z', results: [unpricedCase()] });
  replayedRun = await writeRun(temp.dir, {
    startedAt: '2026-12-04T09:00:00.000Z',
    results: [replayedConversation()],
  });
  unreportedRun = await writeRun(temp.dir, { startedAt: '2026-12-04T10:00:00.000Z', results: [unreportedCase()] });
  session = await openDashboard(temp.dir);
  ({ page, errors } = session);
}, 60_000);

afterAll(async () => {
  await session?.close();
  await temp?.cleanup();
});

const costStat = () => page.locator('.stat', { has: page.locator('.stat-label', { hasText: /^Cost$/ }) });

describe('cost in the dashboard', () => {
  it("shows the run's cost with its agent and judge parts, the case's, and each turn's", async () => {
    await page.goto(`${session.dashboard.url}#/run/${pricedRun}`);
    await page.locator('a.case-row').first().waitFor();
    expect(await costStat().locator('.stat-value').textContent()).toBe('$0.0045');
    expect(await costStat().locator('.stat-detail').textContent()).toBe('agent $0.003 · 3 judge calls $0.0015');

    await page.goto(`${session.dashboard.url}#/run/${pricedRun}/case/0`);
    await page.locator('details.turn').first().waitFor();
    expect(await costStat().locator('.stat-value').textContent()).toBe('$0.0045');
    await page.locator('details.turn[data-turn-index="0"] > summary').click();
    const usage = page.locator('details.turn[data-turn-index="0"] .usage');
    await usage.waitFor();
    expect(await usage.textContent()).toContain('$0.0015 (agent $0.001 · 1 judge call $0.0005)');
    expect(errors).toEqual([]);
  });

  it('shows an unpriced cost as unknown, naming the model, never as $0', async () => {
    await page.goto(`${session.dashboard.url}#/run/${unpricedRun}`);
    await page.locator('a.case-row').first().waitFor();
    expect(await costStat().locator('.stat-value').textContent()).toBe('unknown');
    expect(await costStat().locator('.stat-detail').textContent()).toBe('no price for openai_compatible:house-model');
    expect(await costStat().getAttribute('class')).toContain('tone-warn');
    // The single-turn case's exchange: its cost unknown, and the model requests it retried.
    await page.goto(`${session.dashboard.url}#/run/${unpricedRun}/case/0`);
    const usage = page.locator('.exchange-card .usage');
    await usage.waitFor();
    expect(await usage.textContent()).toMatch(/unknown.* · 2 model retries$/);
    expect(errors).toEqual([]);
  });

  it('says a call reported no token usage, and shows the token counts as a lower bound', async () => {
    await page.goto(`${session.dashboard.url}#/run/${unreportedRun}`);
    await page.locator('a.case-row').first().waitFor();
    expect(await costStat().locator('.stat-value').textContent()).toBe('unknown');
    expect(await costStat().locator('.stat-detail').textContent()).toBe(
      'no token usage reported by openai:gpt-4o-mini',
    );
    const tokens = page.locator('.stat', { has: page.locator('.stat-label', { hasText: /^Tokens$/ }) });
    expect(await tokens.locator('.stat-value').textContent()).toMatch(/^≥ \d/);
    expect(await page.locator('a.case-row .cell-tokens').first().textContent()).toMatch(/^≥ \d/);
    expect(errors).toEqual([]);
  });

  it('says what a run spent when its answers came from a cassette or the cache', async () => {
    await page.goto(`${session.dashboard.url}#/run/${replayedRun}`);
    await page.locator('a.case-row').first().waitFor();
    expect(await costStat().locator('.stat-value').textContent()).toBe('$0.0045');
    expect(await costStat().locator('.stat-detail').textContent()).toBe(
      'agent $0.003 · 3 judge calls $0.0015 · spent $0 (6 model answers from a cassette or the cache)',
    );
    await page.goto(`${session.dashboard.url}#/run/${replayedRun}/case/0`);
    await page.locator('details.turn[data-turn-index="0"] > summary').click();
    const usage = page.locator('details.turn[data-turn-index="0"] .usage');
    await usage.waitFor();
    expect(await usage.textContent()).toContain('spent $0 (2 model answers from a cassette or the cache)');
    expect(errors).toEqual([]);
  });
});
