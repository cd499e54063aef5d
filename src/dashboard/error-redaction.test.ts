import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { singleCase } from '../../test/support/dashboard/sample-results.js';
import { type TempDir, tempDir } from '../../test/support/dashboard/temp-dir.js';
import { writeRun } from '../../test/support/dashboard/write-records.js';
import { jsonSyntaxPosition } from '../core/json-syntax-position.js';
import { createRedactor } from '../core/redactor.js';
import type { RunsPage } from './dashboard-types.js';
import { type Dashboard, startDashboard } from './start-dashboard.js';

const SECRET = 'zq8Hk2Lm9Pw4Xt7V';
/** What V8 quotes of a value it cannot parse: a prefix no mask can know. */
const PREFIX = SECRET.slice(0, 10);

let temp: TempDir;
let dashboard: Dashboard | null = null;
const logged: string[] = [];
beforeEach(async () => {
  temp = await tempDir();
  logged.length = 0;
});
afterEach(async () => {
  await dashboard?.close();
  dashboard = null;
  await temp.cleanup();
});

async function serve(): Promise<Dashboard> {
  const redactor = createRedactor([{ name: 'MY_TOKEN', value: SECRET }]);
  dashboard = await startDashboard({
    resultsDir: temp.dir,
    host: '127.0.0.1',
    port: 0,
    redactor,
    log: (line) => logged.push(line),
  });
  return dashboard;
}

async function get(path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(new URL(path, (dashboard as Dashboard).url));
  return { status: response.status, text: await response.text() };
}

describe('error replies', () => {
  it('mask the serving environment’s secrets, as successful replies do', async () => {
    const id = await writeRun(temp.dir, { startedAt: '2026-12-01T09:00:00Z', results: [singleCase('a', true)] });
    const path = join(temp.dir, `${id}.json`);
    const record = JSON.parse(await readFile(path, 'utf8'));
    record.report.results[0][SECRET] = SECRET;
    await writeFile(path, JSON.stringify(record));
    await serve();
    const reply = await get(`/api/runs/${id}`);
    expect(reply.status).toBe(422);
    expect(reply.text).toContain('Unrecognized key');
    expect(reply.text).toContain('***MY_TOKEN');
    expect(reply.text).not.toContain(SECRET);
  });

  it('place a JSON syntax error by line and column, never quoting the text around it', async () => {
    const id = 'agent/2026-12-02T09-00-00-000Z';
    const { mkdir } = await import('node:fs/promises');
    await mkdir(join(temp.dir, 'agent'));
    await writeFile(join(temp.dir, `${id}.json`), `{\n  "record_version": 2,\n  "version": ${SECRET}\n}\n`);
    await serve();
    const list = await get('/api/runs');
    const runs = (JSON.parse(list.text) as RunsPage).runs;
    expect(runs.map((run) => run.error)).toEqual([
      `${id}: not valid JSON: syntax error at line 3, column 14 (offset 38)`,
    ]);
    const reply = await get(`/api/runs/${id}`);
    expect(reply.status).toBe(422);
    expect(reply.text).toContain('line 3, column 14');
    for (const text of [list.text, reply.text, ...logged]) expect(text).not.toContain(PREFIX);
  });
});

describe('jsonSyntaxPosition', () => {
  const place = (text: string): string => {
    try {
      JSON.parse(text);
    } catch (error) {
      return jsonSyntaxPosition(text, (error as Error).message);
    }
    throw new Error('valid JSON');
  };

  it('finds where V8 names no position (an unexpected token), and where it does', () => {
    expect(place('{"a": tru}')).toBe('syntax error at line 1, column 10 (offset 9)');
    expect(place('not json at all')).toBe('syntax error at line 1, column 2 (offset 1)');
    expect(place('[1,\n 2 3]')).toBe('syntax error at line 2, column 4 (offset 7)');
    expect(place('{"a": [1, 2')).toBe('syntax error at line 1, column 12 (offset 11)');
    expect(place('')).toBe('syntax error at line 1, column 1 (offset 0)');
  });
});
