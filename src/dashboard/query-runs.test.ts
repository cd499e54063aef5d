import { describe, expect, it } from 'vitest';
import { DashboardError } from './dashboard-error.js';
import type { RunSummary } from './dashboard-types.js';
import { pageRuns, parseRunsQuery, trendsOf } from './query-runs.js';
import { normalizeSelection, runGroup } from './run-group.js';
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

const all = { offset: 0, limit: 50, agent: null, group: null, q: null, status: null } as const;

const SMOKE = '/work/project/evals/smoke.yaml';
const AGENT = '/work/project/agent.yaml';
const allCases = normalizeSelection({ filters: [], limit: null, shard: null });
/** Runs of one agent from two config files, and from one of them with and without a filter. */
const histories = [
  run('fa/4', '2026-12-04T00:00:00Z', 2, 2, { group: runGroup(AGENT, allCases, 'fa', ['/work/project']) }),
  run('fa/3', '2026-12-03T00:00:00Z', 1, 1, {
    group: runGroup(AGENT, normalizeSelection({ filters: ['rev*'], limit: null, shard: null }), 'fa', [
      '/work/project',
    ]),
  }),
  run('fa/2', '2026-12-02T00:00:00Z', 1, 2, { group: runGroup(SMOKE, allCases, 'fa', ['/work/project']) }),
  run('fa/1', '2026-12-01T00:00:00Z', 0, 2, { group: runGroup(AGENT, allCases, 'fa', ['/work/project']) }),
];

describe('parseRunsQuery', () => {
  it('reads paging and filters with defaults', () => {
    expect(parseRunsQuery(new URLSearchParams(''))).toEqual(all);
    expect(
      parseRunsQuery(new URLSearchParams('offset=50&limit=10&agent=fa&group=0123456789ab&q= GPT &status=failed')),
    ).toEqual({
      offset: 50,
      limit: 10,
      agent: 'fa',
      group: '0123456789ab',
      q: 'gpt',
      status: 'failed',
    });
  });

  it.each(['offset=-1', 'offset=1.5', 'limit=201', 'limit=abc', 'status=maybe'])('rejects %s', (query) => {
    expect(() => parseRunsQuery(new URLSearchParams(query))).toThrowError(DashboardError);
  });
});

describe('pageRuns', () => {
  it('pages the newest-first list and lists the histories, newest first', () => {
    const page = pageRuns(runs, { ...all, offset: 1, limit: 2 });
    expect(page.total).toBe(4);
    expect(page.runs.map((r) => r.id)).toEqual(['bot/2', 'fa/1']);
    expect(page.groups.map((g) => [g.agent_name, g.runs])).toEqual([
      ['fa', 3],
      ['bot', 1],
    ]);
  });

  it('lists one history per config file and selection, not per agent', () => {
    const page = pageRuns(histories, all);
    expect(page.groups.map((g) => [g.config_label, g.selection_label, g.runs])).toEqual([
      ['agent.yaml', 'all test cases', 2],
      ['agent.yaml', 'filter "rev*"', 1],
      ['evals/smoke.yaml', 'all test cases', 1],
    ]);
    expect(page.groups[0]).toMatchObject({ agent_name: 'fa', config_path: AGENT });
    const key = page.groups[0]?.key ?? '';
    expect(pageRuns(histories, { ...all, group: key }).runs.map((r) => r.id)).toEqual(['fa/4', 'fa/1']);
    expect(pageRuns(histories, { ...all, agent: 'fa' }).total).toBe(4);
    expect(pageRuns(histories, { ...all, q: 'smoke.yaml' }).runs.map((r) => r.id)).toEqual(['fa/2']);
    expect(pageRuns(histories, { ...all, q: 'rev*' }).runs.map((r) => r.id)).toEqual(['fa/3']);
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

  it('names the history of each point, for one line per config file and selection', () => {
    const points = trendsOf(histories, all).points;
    expect(points.map((p) => [p.id, p.group_label])).toEqual([
      ['fa/1', 'agent.yaml · all test cases'],
      ['fa/2', 'evals/smoke.yaml · all test cases'],
      ['fa/3', 'agent.yaml · filter "rev*"'],
      ['fa/4', 'agent.yaml · all test cases'],
    ]);
    expect(points[0]?.group).toBe(points[3]?.group);
    expect(new Set(points.map((p) => p.group)).size).toBe(3);
    const unknown = trendsOf(runs, all).points[0];
    expect(unknown?.group_label).toBe('fa · selection not recorded');
  });
});
