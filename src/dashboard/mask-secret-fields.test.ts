import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { singleCase } from '../../test/support/dashboard/sample-results.js';
import { type TempDir, tempDir } from '../../test/support/dashboard/temp-dir.js';
import { writeRun } from '../../test/support/dashboard/write-records.js';
import { buildStaticData } from './export-static-report.js';
import { maskSecretFields } from './mask-secret-fields.js';
import { type Dashboard, startDashboard } from './start-dashboard.js';

const KEY = 'sk-literal-0123456789abcdef';

const snapshot = {
  name: 'agent',
  model: { provider: 'openai', name: 'gpt-4o', api_key: KEY, max_tokens: 100 },
  tools: [{ type: 'mcp', name: 'gh', headers: { 'X-Trace': 'trace-value-1' }, env: { GITHUB_TOKEN: 'ghp_literal' } }],
  execution: { auth_token: 'abc-literal', token: 'tok-literal', empty_secret: '', results_dir: 'runs' },
};

describe('maskSecretFields', () => {
  it('redacts credential fields and every header and environment value, and keeps the rest', () => {
    expect(maskSecretFields(snapshot)).toEqual({
      name: 'agent',
      model: { provider: 'openai', name: 'gpt-4o', api_key: '[redacted]', max_tokens: 100 },
      tools: [{ type: 'mcp', name: 'gh', headers: { 'X-Trace': '[redacted]' }, env: { GITHUB_TOKEN: '[redacted]' } }],
      execution: { auth_token: '[redacted]', token: '[redacted]', empty_secret: '', results_dir: 'runs' },
    });
  });
});

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
