/**
 * The compare view in a real headless Chromium warns, as `holodeck compare` does, when cases of one name asked
 * other questions or expected other answers in run B (their verdicts compare different tests), when run B did
 * not run some of run A's cases, when a case is judged by other checks, and when another judge scored them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonValue } from '../../src/core/json.js';
import type { MetricResult, TestResult } from '../../src/core/results.js';
import { conversationCase, singleCase } from '../support/dashboard/sample-results.js';
import { type TempDir, tempDir } from '../support/dashboard/temp-dir.js';
import { sampleConfig, selectionOf, writeRun } from '../support/dashboard/write-records.js';
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

  it('says what the CLI says of cases run B did not run, cases judged by other checks and another judge', async () => {
    const judged = (threshold: number): MetricResult => ({
      metric_name: 'sense',
      kind: 'geval',
      score: 0.6,
      threshold,
      passed: 0.6 >= threshold,
      skipped: false,
      error: null,
      reasoning: null,
      details: null,
      evaluation_time_ms: 0,
    });
    const good = (threshold: number): TestResult => ({
      ...singleCase('good', 0.6 >= threshold),
      metric_results: [judged(threshold)],
    });
    const model = { provider: 'openai', name: 'agent' };
    const snapshot = (judge: JsonValue, names: readonly string[]): JsonValue => ({
      ...(sampleConfig(model, names) as { readonly [key: string]: JsonValue }),
      evaluations: { model: judge, metrics: [] },
    });
    const a = await writeRun(temp.dir, {
      agentName: 'support',
      startedAt: '2026-12-04T09:00:00Z',
      model,
      results: [good(0.9), singleCase('bad', false)],
      configSnapshot: snapshot(null, ['good', 'bad']),
    });
    const b = await writeRun(temp.dir, {
      agentName: 'support',
      startedAt: '2026-12-05T09:00:00Z',
      model,
      results: [good(0.5)],
      configSnapshot: snapshot({ provider: 'openai', name: 'judge-b' }, ['good']),
      selection: selectionOf(1, { filters: ['good'] }),
    });
    await chromium.open(`#/compare/${a}/${b}`);
    await chromium.page.locator(`a.compare-run[href$="/run/${b}"]`).waitFor();
    const notice = chromium.page.locator('.notice-warn');
    await notice.first().waitFor();
    expect(await notice.allTextContents()).toEqual([
      '1 test case of the same name is judged by other metrics or thresholds in run B: "good" — a verdict that changed may come from the checks, not the agent.',
      "run A was judged by openai:agent, run B by openai:judge-b (evaluations.model, else the run's model): the scores of sense may have changed with the judge.",
      '1 test case of run A did not run in run B (it ran filter "good", run A all test cases): they are listed as removed, not compared, and run B\'s rates are of the cases it ran.',
    ]);
    const chip = chromium.page.locator('.change-row .checks-changed');
    expect(await chip.getAttribute('title')).toBe('checks changed: sense threshold 0.9 → 0.5');
    expect(chromium.errors).toEqual([]);
  });
});
