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

  it('is served and exported without the credentials of its URLs and MCP arguments', async () => {
    const id = await writeRun(temp.dir, {
      startedAt: '2026-12-01T09:00:00Z',
      results: [singleCase('a', true)],
      configSnapshot: {
        name: 'agent',
        model: {
          provider: 'openai_compatible',
          name: 'x',
          endpoint: 'http://root:pw@host:8080/v1?api-key=qk-literal&sig=sg-literal&region=eu',
        },
        tools: [
          {
            type: 'mcp',
            name: 'db',
            url: 'https://gw.example/mcp?token=ut-literal',
            args: ['--token', 'at-literal', 'postgresql://u:db-literal@db/x', '--region', 'eu'],
          },
        ],
      },
    });
    dashboard = await startDashboard({ resultsDir: temp.dir, host: '127.0.0.1', port: 0 });
    const served = await (await fetch(new URL(`/api/runs/${id}`, dashboard.url))).text();
    const exported = JSON.stringify(await buildStaticData(temp.dir, id));
    for (const shown of [served, exported]) {
      expect(shown).toContain('"http://root:[redacted]@host:8080/v1?api-key=[redacted]&sig=[redacted]&region=eu"');
      expect(shown).toContain('["--token","[redacted]","postgresql://u:[redacted]@db/x","--region","eu"]');
      for (const literal of [':pw@', 'qk-literal', 'sg-literal', 'ut-literal', 'at-literal', 'db-literal']) {
        expect(shown).not.toContain(literal);
      }
    }
  });
});
