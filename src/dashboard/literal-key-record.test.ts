import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  LITERAL_KEY as KEY,
  SNAPSHOT_WITH_SECRETS as snapshot,
} from '../../test/support/config-snapshot-with-secrets.js';
import { singleCase } from '../../test/support/dashboard/sample-results.js';
import { type TempDir, tempDir } from '../../test/support/dashboard/temp-dir.js';
import { writeRun } from '../../test/support/dashboard/write-records.js';
import { buildStaticData } from './export-static-report.js';
import { type Dashboard, startDashboard } from './start-dashboard.js';

describe('a record holding a literal key in its configuration', () => {
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

  it('is served and exported without it', async () => {
    const id = await writeRun(temp.dir, {
      startedAt: '2026-12-01T09:00:00Z',
      results: [singleCase('a', true)],
      configSnapshot: snapshot,
    });
    dashboard = await startDashboard({ resultsDir: temp.dir, host: '127.0.0.1', port: 0 });
    const served = await (await fetch(new URL(`/api/runs/${id}`, dashboard.url))).text();
    expect(served).toContain('"api_key":"[redacted]"');
    const exported = JSON.stringify(await buildStaticData(temp.dir, id));
    expect(exported).toContain('"api_key":"[redacted]"');
    for (const literal of [KEY, 'ghp_literal', 'tok-literal', 'trace-value-1']) {
      expect(served).not.toContain(literal);
      expect(exported).not.toContain(literal);
    }
  });
});
