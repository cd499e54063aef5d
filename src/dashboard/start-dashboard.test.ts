import { symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoFolder, INJECTION, writeDemoFolder } from '../../test/support/dashboard/demo-folder.js';
import { singleCase } from '../../test/support/dashboard/sample-results.js';
import { type TempDir, tempDir } from '../../test/support/dashboard/temp-dir.js';
import { writeRun } from '../../test/support/dashboard/write-records.js';
import { writeStreamAtomic } from '../reporters/atomic-write.js';
import type { RunComparison } from './compare-runs.js';
import type { CaseDetail, RunDetail, RunsPage, Trends } from './dashboard-types.js';
import { STYLESHEETS } from './page-assets.js';
import { type Dashboard, startDashboard } from './start-dashboard.js';

let temp: TempDir;
let demo: DemoFolder;
let dashboard: Dashboard;
const logged: string[] = [];

beforeAll(async () => {
  temp = await tempDir();
  demo = await writeDemoFolder(temp.dir);
  await writeFile(join(temp.dir, 'financial-assistant', '2026-11-30T00-00-00-000Z.json'), '{"truncated": ');
  dashboard = await startDashboard({
    resultsDir: temp.dir,
    host: '127.0.0.1',
    port: 0,
    log: (l) => logged.push(l),
    pollMs: 100,
  });
});

afterAll(async () => {
  await dashboard.close();
  await temp.cleanup();
});

async function get(path: string, init?: RequestInit): Promise<Response> {
  return fetch(new URL(path, dashboard.url), init);
}

async function json<T>(path: string, status = 200): Promise<T> {
  const response = await get(path);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const body = (await response.json()) as T;
  expect({ path, status: response.status, body }).toMatchObject({ status });
  return body;
}

async function errorCode(path: string, status: number): Promise<string> {
  return (await json<{ error: { code: string } }>(path, status)).error.code;
}

function raw(
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, dashboard.url), { method, headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the page and its assets', () => {
  it('serves the page on 127.0.0.1 with a strict content security policy', async () => {
    expect(dashboard.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await response.text();
    expect(html).toContain('<script type="module" src="/assets/app.js"></script>');
    const links = [...html.matchAll(/href="\/assets\/([a-z-]+\.css)"/g)].map((m) => m[1]);
    expect(links).toEqual([...STYLESHEETS]);
  });

  it('serves listed assets only, with validators', async () => {
    const response = await get('/assets/app.js');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const etag = response.headers.get('etag') ?? '';
    expect((await get('/assets/app.js', { headers: { 'If-None-Match': etag } })).status).toBe(304);
    expect(await errorCode('/assets/nope.js', 404)).toBe('NOT_FOUND');
    expect((await raw('GET', '/assets/../../package.json')).status).toBe(404);
    expect((await raw('GET', '/assets/%2e%2e%2fstart-dashboard.ts')).status).toBe(404);
  });

  it('answers HEAD without a body, the event stream too, and refuses other methods naming the allowed ones', async () => {
    expect(await raw('HEAD', '/')).toEqual({ status: 200, body: '' });
    expect(await raw('HEAD', '/api/events')).toEqual({ status: 200, body: '' });
    const post = await raw('POST', '/api/runs');
    expect(post.status).toBe(405);
    expect(JSON.parse(post.body).error.code).toBe('METHOD_NOT_ALLOWED');
    const response = await fetch(new URL('/api/runs', dashboard.url), { method: 'DELETE' });
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('refuses requests for another host name (DNS rebinding)', async () => {
    const port = new URL(dashboard.url).port;
    expect((await raw('GET', '/api/runs', { Host: `evil.example:${port}` })).status).toBe(403);
    expect((await raw('GET', '/api/runs', { Host: `localhost:${port}` })).status).toBe(200);
  });
});

describe('runs API', () => {
  it('lists runs newest first, with unreadable files, histories and paging', async () => {
    const page = await json<RunsPage>('/api/runs');
    expect(page.indexing).toBeNull();
    expect(page.runs.map((r) => r.id)).toEqual([
      demo.newer,
      demo.filtered,
      demo.smoke,
      demo.other,
      demo.older,
      'financial-assistant/2026-11-30T00-00-00-000Z',
    ]);
    expect(page.runs[5]).toMatchObject({ state: 'unreadable' });
    expect(page.groups.map((g) => [g.agent_name, g.config_label, g.selection_label, g.runs])).toEqual([
      ['financial-assistant', 'agent.yaml', 'all test cases', 2],
      ['financial-assistant', 'agent.yaml', 'filter "revenue*"', 1],
      ['financial-assistant', 'evals/smoke.yaml', 'all test cases', 1],
      ['support-bot', 'support-bot/agent.yaml', 'all test cases', 1],
      ['financial-assistant', '', 'selection not recorded', 1],
    ]);
    expect((await json<RunsPage>('/api/runs?limit=1&offset=3')).runs.map((r) => r.id)).toEqual([demo.other]);
    expect((await json<RunsPage>('/api/runs?agent=support-bot')).total).toBe(1);
    expect((await json<RunsPage>('/api/runs?q=gpt-4o')).runs.map((r) => r.id)).toEqual([demo.newer]);
    expect((await json<RunsPage>('/api/runs?q=smoke.yaml')).runs.map((r) => r.id)).toEqual([demo.smoke]);
    expect(await errorCode('/api/runs?limit=5000', 400)).toBe('INVALID_QUERY');
  });

  it('keeps the runs of one agent from two config files, and with other filters, apart', async () => {
    const page = await json<RunsPage>('/api/runs');
    const groupOf = (id: string) => page.runs.find((r) => r.id === id)?.group;
    const main = groupOf(demo.newer);
    expect(main).toEqual({
      key: expect.stringMatching(/^[0-9a-f]{12}$/),
      config_path: demo.configs.agent,
      config_label: 'agent.yaml',
      selection_label: 'all test cases',
    });
    expect(groupOf(demo.older)?.key).toBe(main?.key);
    expect(groupOf(demo.smoke)?.key).not.toBe(main?.key);
    expect(groupOf(demo.filtered)?.key).not.toBe(main?.key);
    expect(groupOf(demo.filtered)?.config_path).toBe(demo.configs.agent);
    const history = await json<RunsPage>(`/api/runs?group=${main?.key}`);
    expect(history.runs.map((r) => r.id)).toEqual([demo.newer, demo.older]);
    expect(history.groups).toHaveLength(5);
    const smoke = await json<RunsPage>(`/api/runs?group=${groupOf(demo.smoke)?.key}`);
    expect(smoke.runs.map((r) => r.id)).toEqual([demo.smoke]);
  });

  it('gives trend points oldest first, each named by its history', async () => {
    const trends = await json<Trends>('/api/trends?agent=financial-assistant');
    expect(trends.points.map((p) => [p.id, p.group_label])).toEqual([
      [demo.older, 'agent.yaml · all test cases'],
      [demo.smoke, 'evals/smoke.yaml · all test cases'],
      [demo.filtered, 'agent.yaml · filter "revenue*"'],
      [demo.newer, 'agent.yaml · all test cases'],
    ]);
    expect(trends.metric_names).toEqual(['equality', 'numeric', 'turn_program_equivalence']);
    const key = trends.points[0]?.group ?? '';
    expect((await json<Trends>(`/api/trends?group=${key}`)).points.map((p) => p.id)).toEqual([demo.older, demo.newer]);
  });

  it('gives a run with compact case rows and the run to compare with: the previous one of its history', async () => {
    const detail = await json<RunDetail>(`/api/runs/${demo.newer}`);
    expect(detail.previous_run_id).toBe(demo.older);
    expect(detail.metadata.selection).toMatchObject({ filters: [], limit: null, shard: null });
    expect((await json<RunDetail>(`/api/runs/${demo.filtered}`)).previous_run_id).toBeNull();
    expect((await json<RunDetail>(`/api/runs/${demo.smoke}`)).previous_run_id).toBeNull();
    expect(detail.run.summary).toMatchObject({ total_tests: 6, passed: 2 });
    expect(detail.cases[0]).toMatchObject({
      test_name: 'revenue change 2009',
      status: 'failed',
      turn_count: 3,
      passed_turns: 2,
    });
    expect(detail.cases[0]?.failure).toMatch(/^turn 2\/3: subtract\(a≈206588, b≈181001\) — arg 'b' mismatch/);
    expect(detail.cases[3]).toMatchObject({ test_name: 'capital of france', turn_count: null });
    expect(JSON.stringify(detail)).not.toContain('tool_invocations');
  });

  it('gives one test case in full, with why it failed and the neighbouring failures', async () => {
    const detail = await json<CaseDetail>(`/api/runs/${demo.newer}/cases/2`);
    expect(detail.result.turns?.map((t) => t.skipped)).toEqual([false, true, true]);
    expect(detail.failures.map((f) => [f.turn_index, f.state])).toEqual([
      [1, 'skipped'],
      [2, 'skipped'],
    ]);
    expect([detail.previous_failed, detail.next_failed, detail.total]).toEqual([0, 3, 6]);
    const injected = await json<CaseDetail>(`/api/runs/${demo.newer}/cases/5`);
    expect(injected.result.turns?.[0]?.response).toContain(INJECTION);
  });

  it('compares two runs', async () => {
    const comparison = await json<RunComparison>(`/api/compare?a=${demo.older}&b=${demo.newer}`);
    expect(comparison.counts).toEqual({
      regressed: 3,
      fixed: 1,
      still_failing: 0,
      added: 1,
      removed: 1,
      still_passing: 1,
    });
    expect(comparison.cases[0]?.kind).toBe('regressed');
    expect(comparison.config.differences.map((d) => d.path)).toContain('model.name');
    const across = await json<RunComparison>(`/api/compare?a=${demo.older}&b=${demo.filtered}`);
    expect(across.config.differences).toContainEqual({
      path: 'selection',
      a: '"all test cases"',
      b: '"filter \\"revenue*\\""',
    });
  });

  it.each([
    ['/api/runs/financial-assistant/..', 404, 'NOT_FOUND'],
    ['/api/runs/..%2F..%2Fetc/passwd', 400, 'INVALID_RUN_ID'],
    ['/api/runs/%2e%2e/passwd', 404, 'NOT_FOUND'],
    ['/api/runs/financial-assistant/..%2F..%2Fx', 400, 'INVALID_RUN_ID'],
    ['/api/runs/.hidden/x', 400, 'INVALID_RUN_ID'],
    ['/api/runs/financial-assistant/2026-01-01T00-00-00-000Z', 404, 'RUN_NOT_FOUND'],
    ['/api/runs/financial-assistant/2026-11-30T00-00-00-000Z', 422, 'RECORD_UNREADABLE'],
    ['/api/runs/financial-assistant/2026-12-02T12-30-05-123Z/cases/99', 404, 'CASE_NOT_FOUND'],
    ['/api/runs/financial-assistant/2026-12-02T12-30-05-123Z/cases/01', 404, 'CASE_NOT_FOUND'],
    ['/api/compare?a=../../etc&b=x/y', 400, 'INVALID_RUN_ID'],
    ['/api/compare?a=financial-assistant/2026-12-01T09-00-00-000Z', 400, 'INVALID_RUN_ID'],
    ['/api/nothing', 404, 'NOT_FOUND'],
  ])('%s → %i %s', async (path, status, code) => {
    expect(await errorCode(path, status)).toBe(code);
  });
});

describe('live updates', () => {
  it('tells open pages when a new run is written', async () => {
    const controller = new AbortController();
    const response = await get('/api/events', { signal: controller.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let received = '';
    const first = await reader.read();
    received += decoder.decode(first.value);
    expect(received).toContain('retry:');
    const id = await writeRun(temp.dir, { startedAt: '2026-12-05T00:00:00.000Z', results: [singleCase('new', true)] });
    while (!received.includes('event: runs')) {
      const chunk = await reader.read();
      if (chunk.done) break;
      received += decoder.decode(chunk.value);
    }
    controller.abort();
    expect(received).toMatch(/event: runs\ndata: \{"version":\d+\}/);
    expect((await json<RunsPage>('/api/runs?limit=1')).runs[0]?.id).toBe(id);
  });
});

describe('startDashboard', () => {
  it('reports an unexpected failure as a 500 without details, and logs it once', async () => {
    const elsewhere = await tempDir();
    const loop = join(elsewhere.dir, 'loop');
    await symlink(loop, loop);
    const lines: string[] = [];
    const broken = await startDashboard({
      resultsDir: loop,
      host: '127.0.0.1',
      port: 0,
      log: (l) => lines.push(l),
      pollMs: 20,
    });
    try {
      const response = await fetch(new URL('/api/runs', broken.url));
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({
        error: { code: 'INTERNAL', message: 'internal error; see the dashboard log' },
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await broken.close();
      await elsewhere.cleanup();
    }
    expect(lines.filter((line) => line.startsWith('dashboard: internal error:'))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith('dashboard: cannot read'))).toHaveLength(1);
    expect(lines.join('\n')).toContain('ELOOP');
  });

  it('fails when the port is taken', async () => {
    const port = Number(new URL(dashboard.url).port);
    await expect(startDashboard({ resultsDir: temp.dir, host: '127.0.0.1', port })).rejects.toMatchObject({
      code: 'EADDRINUSE',
    });
  });

  it('logged no internal errors', () => {
    expect(logged).toEqual([]);
  });
});

describe('dashboard redaction', () => {
  it('masks the serving environment’s secrets in API responses and the static export, even in records written unmasked', async () => {
    const { createRedactor } = await import('../core/redactor.js');
    const { exportStaticReport } = await import('./export-static-report.js');
    const secret = 'sk-live-CANARY-9f8e7d6c5b4a';
    const folder = await tempDir();
    const redactor = createRedactor([{ name: 'OPENAI_API_KEY', value: secret }]);
    try {
      const leaky = { ...singleCase('echoes the key', false), agent_response: `the key is ${secret}` };
      const id = await writeRun(folder.dir, {
        agentName: 'leaky',
        startedAt: '2026-12-05T10:00:00.000Z',
        results: [leaky],
      });
      const served = await startDashboard({ resultsDir: folder.dir, host: '127.0.0.1', port: 0, redactor });
      try {
        const body = await (await fetch(new URL(`/api/runs/${id}/cases/0`, served.url))).text();
        expect(body).toContain('***OPENAI_API_KEY');
        expect(body).not.toContain(secret);
      } finally {
        await served.close();
      }
      const out = join(folder.dir, 'export.html');
      await exportStaticReport({
        resultsDir: folder.dir,
        runId: id,
        outPath: out,
        redactor,
        write: writeStreamAtomic,
      });
      const html = await (await import('node:fs/promises')).readFile(out, 'utf8');
      expect(html).not.toContain(secret);
      expect(html).toContain('***OPENAI_API_KEY');
    } finally {
      await folder.cleanup();
    }
  });
});
