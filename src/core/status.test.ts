import { describe, expect, it } from 'vitest';
import { caseStatus, metricState, turnStatus, verdict } from './status.js';

const metric = (passed: boolean | null, extra: { skipped?: boolean; error?: string | null } = {}) => ({
  passed,
  skipped: extra.skipped ?? false,
  error: extra.error ?? null,
});
const turn = (over: Partial<Parameters<typeof turnStatus>[0]> = {}) => ({
  skipped: false,
  assertions_held: true,
  errors: [],
  metric_results: [],
  ...over,
});

describe('statuses', () => {
  it('makes passed true exactly for status passed', () => {
    expect(verdict('passed')).toEqual({ status: 'passed', passed: true });
    for (const status of ['failed', 'error', 'skipped'] as const) expect(verdict(status).passed).toBe(false);
  });

  it('reads a metric as skipped (passed null), errored, passed or failed', () => {
    expect(metricState(metric(null, { skipped: true }))).toBe('skipped');
    expect(metricState(metric(false, { error: 'judge timed out' }))).toBe('error');
    expect(metricState(metric(true))).toBe('passed');
    expect(metricState(metric(false))).toBe('failed');
  });

  it('makes a turn an error when it has errors or a metric errored, whatever its assertions', () => {
    expect(turnStatus(turn())).toBe('passed');
    expect(turnStatus(turn({ assertions_held: false }))).toBe('failed');
    expect(turnStatus(turn({ errors: ['connect ECONNREFUSED 127.0.0.1:1'] }))).toBe('error');
    expect(turnStatus(turn({ assertions_held: false, metric_results: [metric(false, { error: 'x' })] }))).toBe('error');
    expect(turnStatus(turn({ skipped: true, errors: ['skipped: interrupted'] }))).toBe('skipped');
    // A skipped metric is no error and no failure.
    expect(turnStatus(turn({ metric_results: [metric(null, { skipped: true })] }))).toBe('passed');
  });

  it('makes a case an error over failures, skipped only when nothing ran, passed only when every turn passed', () => {
    expect(caseStatus(['passed', 'passed'], [])).toBe('passed');
    expect(caseStatus(['passed', 'failed'], [])).toBe('failed');
    expect(caseStatus(['failed', 'error', 'skipped'], [])).toBe('error');
    expect(caseStatus(['skipped', 'skipped'], [])).toBe('skipped');
    expect(caseStatus(['skipped', 'skipped'], ['MCP server "fs" exited with code 1'])).toBe('error');
    expect(caseStatus(['passed'], ['session close failed'])).toBe('error');
    expect(caseStatus([], [])).toBe('failed');
  });
});
