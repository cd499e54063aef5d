import { describe, expect, it } from 'vitest';
import { DashboardError } from './dashboard-error.js';
import type { RunSummary } from './dashboard-types.js';
import { pageRuns, parseRunsQuery, trendsOf } from './query-runs.js';
import { requireRunId } from './run-id.js';
import { unreadableRun } from './summarize-run.js';

function run(
  id: string,
  startedAt: string,
  passed: number,
  total: number,
  extra: Partial<RunSummary> = {},
): RunSummary {
  const base = unreadableRun(requireRunId(id), '', startedAt);
  return {
    ...base,
    state: 'completed',
    error: null,
    model: { provider: 'ollama', name: 'qwen3:8b' },
    git_commit: 'abc123',
    summary: {
      ...base.summary,
      total_tests: total,
      passed,
      failed: total - passed,
      pass_rate: total ? passed / total : 0,
    },
    metrics: [
      { metric_name: 'numeric', mean_score: passed / Math.max(1, total), passed, failed: total - passed, errored: 0 },
    ],
    ...extra,
  };
}

const runs = [
  run('fa/3', '2026-12-03T00:00:00Z', 4, 4, { git_commit: 'fff999' }),
  run('bot/2', '2026-12-02T00:00:00Z', 1, 2, { model: { provider: 'openai', name: 'gpt-4o' } }),
  run('fa/1', '2026-12-01T00:00:00Z', 3, 4),
  { ...unreadableRun(requireRunId('fa/0'), 'fa/0: not valid JSON', '2026-11-30T00:00:00Z') },
];

const all = { offset: 0, limit: 50, agent: null, q: null, status: null } as const;

describe('parseRunsQuery', () => {
  it('reads paging and filters with defaults', () => {
    expect(parseRunsQuery(new URLSearchParams(''))).toEqual(all);
    expect(parseRunsQuery(new URLSearchParams('offset=50&limit=10&agent=fa&q= GPT &status=failed'))).toEqual({
      offset: 50,
      limit: 10,
      agent: 'fa',
      q: 'gpt',
      status: 'failed',
    });
  });

  it.each(['offset=-1', 'offset=1.5', 'limit=201', 'limit=abc', 'status=maybe'])('rejects %s', (query) => {
    expect(() => parseRunsQuery(new URLSearchParams(query))).toThrowError(DashboardError);
  });
});

describe('pageRuns', () => {
  it('pages the newest-first list and lists the agents', () => {
    const page = pageRuns(runs, { ...all, offset: 1, limit: 2 });
    expect(page.total).toBe(4);
    expect(page.runs.map((r) => r.id)).toEqual(['bot/2', 'fa/1']);
    expect(page.agents).toEqual([
      { agent_slug: 'bot', agent_name: 'bot', runs: 1 },
      { agent_slug: 'fa', agent_name: 'fa', runs: 3 },
    ]);
  });

  it('filters by agent, by text and by status', () => {
    expect(pageRuns(runs, { ...all, agent: 'bot' }).runs.map((r) => r.id)).toEqual(['bot/2']);
    expect(pageRuns(runs, { ...all, q: 'gpt-4o' }).runs.map((r) => r.id)).toEqual(['bot/2']);
    expect(pageRuns(runs, { ...all, q: 'fff9' }).runs.map((r) => r.id)).toEqual(['fa/3']);
    expect(pageRuns(runs, { ...all, status: 'passed' }).runs.map((r) => r.id)).toEqual(['fa/3']);
    expect(pageRuns(runs, { ...all, status: 'failed' }).runs.map((r) => r.id)).toEqual(['bot/2', 'fa/1', 'fa/0']);
  });
});

describe('trendsOf', () => {
  it('gives readable runs oldest first with their metric means', () => {
    const trends = trendsOf(runs, all);
    expect(trends.points.map((p) => p.id)).toEqual(['fa/1', 'bot/2', 'fa/3']);
    expect(trends.points[0]).toMatchObject({
      pass_rate: 0.75,
      total_tests: 4,
      passed: 3,
      model: 'ollama/qwen3:8b',
      metrics: { numeric: 0.75 },
    });
    expect(trends.metric_names).toEqual(['numeric']);
    expect(trendsOf(runs, { ...all, agent: 'fa' }).points.map((p) => p.id)).toEqual(['fa/1', 'fa/3']);
  });
});
