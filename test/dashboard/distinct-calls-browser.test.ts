/**
 * distinct_calls in the dashboard: each expected tool shows the calls assigned to it, an entry
 * that went short shows why, and each call is marked as asserted by the entry that holds it — not by every
 * entry it would satisfy. In a real headless Chromium against a record as `holodeck test` writes it.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestResult, ToolAssertionResult } from '../../src/core/results.js';
import type { ToolInvocation } from '../../src/core/tool-invocation.js';
import { conversationCase } from '../support/dashboard/sample-results.js';
import { type TempDir, tempDir } from '../support/dashboard/temp-dir.js';
import { writeRun } from '../support/dashboard/write-records.js';
import { type DashboardSession, openDashboard } from './open-dashboard.js';

const call = (args: Record<string, number>): ToolInvocation => ({
  name: 'subtract',
  args,
  result: args['a'] !== undefined && args['b'] !== undefined ? args['a'] - args['b'] : null,
  error: null,
  duration_ms: 3,
});

const entry = (fields: Partial<ToolAssertionResult>): ToolAssertionResult => ({
  tool: 'subtract',
  args: null,
  count: 1,
  passed: true,
  matched_call_index: 0,
  matching_calls: 1,
  reason: null,
  ...fields,
});

/**
 * A conversation whose first turn made two calls for three entries: `subtract(b=2)` holds #0, `subtract`
 * holds #1, `subtract(a=1)` goes short.
 */
function assignedCase(): TestResult {
  const base = conversationCase('distinct');
  const [first, ...rest] = base.turns ?? [];
  if (first === undefined) throw new Error('the sample conversation has no turn');
  const turn = {
    ...first,
    status: 'failed' as const,
    passed: false as const,
    tool_calls: ['subtract', 'subtract'],
    tool_invocations: [call({ a: 1, b: 2 }), call({ a: 1, b: 5 })],
    tools_matched: false,
    arg_match_details: [
      entry({ matched_call_index: 1, matching_calls: 2, assigned_calls: [1] }),
      entry({ args: { b: 2 }, matched_call_index: 0, assigned_calls: [0] }),
      entry({
        args: { a: 1 },
        passed: false,
        matched_call_index: -1,
        matching_calls: 2,
        assigned_calls: [],
        reason:
          'its matching calls went to other entries: #0 to expected_tools[1] subtract(b=2), #1 to expected_tools[0] subtract; each call satisfies one entry (distinct_calls)',
      }),
    ],
  };
  return { ...base, status: 'failed', passed: false, turns: [turn, ...rest] };
}

let temp: TempDir;
let run: string;
let session: DashboardSession;
let page: Page;
let errors: string[];

beforeAll(async () => {
  temp = await tempDir();
  run = await writeRun(temp.dir, { startedAt: '2026-12-04T09:00:00.000Z', results: [assignedCase()] });
  session = await openDashboard(temp.dir);
  ({ page, errors } = session);
}, 60_000);

afterAll(async () => {
  await session?.close();
  await temp?.cleanup();
});

describe('distinct_calls in the dashboard', () => {
  it('shows the calls assigned to each entry and why an entry went short', async () => {
    await page.goto(`${session.dashboard.url}#/run/${run}/case/0`);
    const firstTurn = page.locator('details.turn[data-turn-index="0"]');
    await firstTurn.locator('.assertion.is-failed').waitFor();
    const items = firstTurn.locator('ul.assertions li.assertion');
    await items.first().waitFor();
    const texts = (await items.allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());
    expect(texts[0]).toContain('assigned call #1');
    expect(texts[1]).toContain('assigned call #0');
    expect(texts[2]).toContain('its matching calls went to other entries: #0 to expected_tools[1] subtract(b=2)');
    expect(await items.nth(2).getAttribute('class')).toContain('is-failed');

    const tag = (index: number) => firstTurn.locator(`li.tool-call[data-call-index="${index}"] .tag-good`);
    expect(await firstTurn.locator('li.tool-call .tag-good').count()).toBe(2);
    expect(await tag(0).getAttribute('title')).toBe('subtract');
    expect(await tag(1).getAttribute('title')).toBe('subtract');
    expect(errors).toEqual([]);
  });
});
