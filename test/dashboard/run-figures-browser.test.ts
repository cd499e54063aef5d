/**
 * The run view's figures beside the pass rate: with `--repeat N` how often each case ran and how many were
 * flaky, and the tool calls that returned an error — the counts the console's summary gives. In a real
 * headless Chromium against records written as `holodeck test` writes them.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RepeatStats, TestResult } from '../../src/core/results.js';
import type { ToolInvocation } from '../../src/core/tool-invocation.js';
import { singleCase } from '../support/dashboard/sample-results.js';
import { type TempDir, tempDir } from '../support/dashboard/temp-dir.js';
import { writeRun } from '../support/dashboard/write-records.js';
import { type DashboardSession, openDashboard } from './open-dashboard.js';

const failedCall: ToolInvocation = {
  name: 'lookup',
  args: { row: 'x' },
  result: null,
  error: 'no such row',
  duration_ms: 2,
};

function stats(passed: number, runs: number): RepeatStats {
  const rate = passed / runs;
  return {
    runs,
    passed,
    failed: runs - passed,
    errored: 0,
    skipped: 0,
    pass_rate: rate,
    flaky: passed > 0 && passed < runs,
    pass_at_k: Array.from({ length: runs }, () => (passed > 0 ? 1 : 0)),
    pass_hat_k: Array.from({ length: runs }, () => rate),
    min_pass_rate: 1,
  };
}

/** A case run three times: its repeats pass or not as given, and each called a tool that errored once. */
function repeated(name: string, passes: readonly boolean[]): TestResult {
  const repeats = passes.map((passed) => ({ ...singleCase(name, passed), tool_invocations: [failedCall] }));
  // The case's own fields are those of its first repeat, with the verdict of all of them.
  const verdict = singleCase(name, passes.every(Boolean));
  return {
    ...verdict,
    tool_invocations: [failedCall],
    repeats,
    repeat_stats: stats(passes.filter(Boolean).length, passes.length),
  };
}

let temp: TempDir;
let repeatedRun: string;
let plainRun: string;
let session: DashboardSession;
let page: Page;

beforeAll(async () => {
  temp = await tempDir();
  repeatedRun = await writeRun(temp.dir, {
    startedAt: '2026-12-04T07:00:00.000Z',
    results: [repeated('steady', [true, true, true]), repeated('wobbly', [true, false, true])],
  });
  plainRun = await writeRun(temp.dir, { startedAt: '2026-12-04T08:00:00.000Z', results: [singleCase('a', true)] });
  session = await openDashboard(temp.dir);
  ({ page } = session);
}, 60_000);

afterAll(async () => {
  await session?.close();
  await temp?.cleanup();
});

const statNamed = (label: string) =>
  page.locator('.stat', { has: page.locator('.stat-label', { hasText: new RegExp(`^${label}$`) }) });

describe("the run view's figures", () => {
  it('shows the repeats per case with the flaky count, and the tool calls that returned an error', async () => {
    await page.goto(`${session.dashboard.url}#/run/${repeatedRun}`);
    await page.locator('.stats').first().waitFor();
    expect(await statNamed('Repeats').locator('.stat-value').textContent()).toBe('3 per case');
    expect(await statNamed('Repeats').locator('.stat-detail').textContent()).toBe('1 flaky');
    expect(await statNamed('Repeats').getAttribute('class')).toContain('tone-warn');
    // Every repeat's calls count: two cases × three repeats, one failed call each.
    expect(await statNamed('Tool errors').locator('.stat-value').textContent()).toBe('6');
    expect(await statNamed('Tool errors').locator('.stat-detail').textContent()).toBe('6 tool calls returned an error');
  });

  it('leaves both out of a run without repeats or tool errors', async () => {
    await page.goto(`${session.dashboard.url}#/run/${plainRun}`);
    await page.locator('.stats').first().waitFor();
    expect(await statNamed('Pass rate').count()).toBe(1);
    expect(await statNamed('Repeats').count()).toBe(0);
    expect(await statNamed('Tool errors').count()).toBe(0);
  });
});
