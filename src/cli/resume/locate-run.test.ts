import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { locateRun } from './locate-run.js';

describe('locateRun', () => {
  let results = '';
  let folder = '';
  beforeEach(async () => {
    results = await mkdtemp(join(tmpdir(), 'holodeck-locate-'));
    folder = join(results, 'my-agent');
    await mkdir(folder);
  });
  afterEach(async () => {
    await rm(results, { recursive: true, force: true });
  });

  const record = (stamp: string, state: string) =>
    writeFile(join(folder, `${stamp}.json`), `{\n  "record_version": 1,\n  "run_id": "x",\n  "state": "${state}"\n}`);
  const log = (stamp: string) => writeFile(join(folder, `${stamp}.partial.jsonl`), '{}\n');

  it('with no value, picks the newest run left unfinished: a crashed log or an interrupted record', async () => {
    await record('2026-01-01T00-00-00-000Z', 'interrupted');
    await log('2026-01-02T00-00-00-000Z');
    await record('2026-01-03T00-00-00-000Z', 'completed');
    const found = await locateRun(results, 'My Agent', true);
    expect(found.ok && found.paths.partial).toBe(join(folder, '2026-01-02T00-00-00-000Z.partial.jsonl'));
    await rm(join(folder, '2026-01-02T00-00-00-000Z.partial.jsonl'));
    const older = await locateRun(results, 'My Agent', true);
    expect(older.ok && older.paths.record).toBe(join(folder, '2026-01-01T00-00-00-000Z.json'));
  });

  it('says so when every run completed', async () => {
    await record('2026-01-03T00-00-00-000Z', 'completed');
    const found = await locateRun(results, 'My Agent', true);
    expect(found.ok ? '' : found.message).toMatch(/no interrupted run to continue in .*my-agent/);
  });

  it('takes a run id, a bare timestamp or a path to either file', async () => {
    await log('2026-01-02T00-00-00-000Z');
    const expected = join(folder, '2026-01-02T00-00-00-000Z.json');
    for (const wanted of [
      'my-agent/2026-01-02T00-00-00-000Z',
      '2026-01-02T00-00-00-000Z',
      join(folder, '2026-01-02T00-00-00-000Z.partial.jsonl'),
      expected,
    ]) {
      const found = await locateRun(results, 'My Agent', wanted);
      expect(found.ok && found.paths.record, wanted).toBe(expected);
    }
    const missing = await locateRun(results, 'My Agent', 'my-agent/nope');
    expect(missing.ok ? '' : missing.message).toMatch(/--resume my-agent\/nope: no such run/);
  });
});
