/**
 * The dashboard reads what the real run-record reporter writes: the in-progress log while a run goes on, and
 * the finished record afterwards (including secret redaction staying intact in what the API serves).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/core/redactor.js';
import type { RunDetail, RunsPage } from '../../src/dashboard/dashboard-types.js';
import { type Dashboard, startDashboard } from '../../src/dashboard/start-dashboard.js';
import { createRunRecordReporter } from '../../src/reporters/run-record-reporter.js';
import { conversationCase, singleCase } from '../support/dashboard/sample-results.js';
import { type TempDir, tempDir } from '../support/dashboard/temp-dir.js';
import { reportOf } from '../support/reporters/report-fixtures.js';
import { runInfo } from '../support/reporters/run-info.js';

const SECRET = 'sk-proj-DASHBOARD-SECRET-123';

let temp: TempDir;
let dashboard: Dashboard;
beforeEach(async () => {
  temp = await tempDir();
  dashboard = await startDashboard({ resultsDir: temp.dir, host: '127.0.0.1', port: 0 });
});
afterEach(async () => {
  await dashboard.close();
  await temp.cleanup();
});

async function api<T>(path: string): Promise<T> {
  const response = await fetch(new URL(path, dashboard.url));
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

describe('records written by the run-record reporter', () => {
  it('show as running while the run goes on, then as the finished record', async () => {
    const reporter = createRunRecordReporter({
      resultsDir: temp.dir,
      agentName: 'Financial Assistant',
      redactor: createRedactor([{ name: 'OPENAI_API_KEY', value: SECRET }]),
      metadata: {
        cli_args: ['test', 'agent.yaml', '--api-key', SECRET],
        config_snapshot: {
          name: 'Financial Assistant',
          model: { provider: 'openai', name: 'gpt-4o-mini', api_key: SECRET },
        },
        git_commit: '0123abcd',
        holodeck_version: '0.1.0',
        node_version: 'v20.19.0',
        backend: 'ai_sdk',
        model: { provider: 'openai', name: 'gpt-4o-mini' },
        started_at: '2026-12-02T12:30:05.123Z',
      },
    });
    const results = [conversationCase('revenue change', { failTurn: 1 }), singleCase('capital', true)];
    await reporter.onBegin?.(runInfo());
    await reporter.onTestCaseEnd?.(results[0] ?? singleCase('x', true), 0);

    const running = await api<RunsPage>('/api/runs');
    expect(running.runs.map((run) => [run.id, run.state, run.summary.total_tests])).toEqual([
      ['financial-assistant/2026-12-02T12-30-05-123Z', 'running', 1],
    ]);

    await reporter.onTestCaseEnd?.(results[1] ?? singleCase('x', true), 1);
    await reporter.onEnd?.(reportOf(results, { agent_name: 'Financial Assistant' }), 'completed');

    const detail = await api<RunDetail>('/api/runs/financial-assistant/2026-12-02T12-30-05-123Z');
    expect(detail.run).toMatchObject({ state: 'completed', agent_name: 'Financial Assistant', record_run_id: 'run-1' });
    expect(detail.run.model).toEqual({ provider: 'openai', name: 'gpt-4o-mini' });
    expect(detail.cases.map((c) => [c.test_name, c.status, c.turn_count])).toEqual([
      ['revenue change', 'failed', 3],
      ['capital', 'passed', null],
    ]);
    expect(detail.cases[0]?.failure).toContain("arg 'b' mismatch");
    expect(JSON.stringify(detail)).not.toContain(SECRET);
  });
});
