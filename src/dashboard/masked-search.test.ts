import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { singleCase } from '../../test/support/dashboard/sample-results.js';
import { type TempDir, tempDir } from '../../test/support/dashboard/temp-dir.js';
import { writeRun } from '../../test/support/dashboard/write-records.js';
import { createRedactor } from '../core/redactor.js';
import type { RunsPage } from './dashboard-types.js';
import { type Dashboard, startDashboard } from './start-dashboard.js';

const SECRET = 'tok_live_ABCDEF123456xyz';

let temp: TempDir;
let dashboard: Dashboard | null = null;
beforeEach(async () => {
  temp = await tempDir();
});
afterEach(async () => {
  await dashboard?.close();
  dashboard = null;
  await temp.cleanup();
});

describe('searching the runs of a dashboard that masks secrets', () => {
  it('matches the masked text the page shows, never the value behind the mask', async () => {
    await writeRun(temp.dir, {
      agentName: `bot ${SECRET}`,
      startedAt: '2026-12-01T09:00:00Z',
      results: [singleCase('a', true)],
    });
    const redactor = createRedactor([{ name: 'MY_SERVICE_TOKEN', value: SECRET }]);
    dashboard = await startDashboard({ resultsDir: temp.dir, host: '127.0.0.1', port: 0, redactor });
    const found = async (q: string) => {
      const response = await fetch(new URL(`/api/runs?q=${encodeURIComponent(q)}`, dashboard?.url));
      return ((await response.json()) as RunsPage).runs.map((run) => run.agent_name);
    };
    expect(await found('bot')).toEqual(['bot ***MY_SERVICE_TOKEN']);
    expect(await found('***my_service_token')).toEqual(['bot ***MY_SERVICE_TOKEN']);
    // A prefix of the value finds nothing, as a wrong one does: the search cannot tell them apart.
    expect(await found('tok_live_A')).toEqual([]);
    expect(await found('tok_live_Z')).toEqual([]);
  });
});
