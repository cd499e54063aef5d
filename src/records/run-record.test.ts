import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storedRecord } from '../../test/support/records/stored-record.js';
import { sampleReport } from '../../test/support/reporters/report-scenarios.js';
import { testResultToJson } from '../reporters/to-report-json.js';
import { RunRecordError, readPartialResults, readRunRecord } from './run-record.js';

const validRecord = () => storedRecord();

async function rejection(promise: Promise<unknown>): Promise<RunRecordError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RunRecordError) return error;
    throw error;
  }
  throw new Error('expected a RunRecordError');
}

describe('readRunRecord', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'holodeck-read-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const file = async (name: string, content: string) => {
    const path = join(dir, name);
    await writeFile(path, content);
    return path;
  };

  it('returns a valid record', async () => {
    const record = await readRunRecord(await file('ok.json', JSON.stringify(validRecord())));
    expect(record.report.results).toHaveLength(4);
    expect(record.report.results[2]?.turns?.[2]?.skipped).toBe(true);
  });

  it('reads a record holding a value nested past 128 levels with that value cut (holodeck writes none)', async () => {
    const text = JSON.stringify(validRecord()).replace(
      /"tool_invocations":\[\{"name":"([^"]+)","args":\{/,
      `"tool_invocations":[{"name":"$1","args":{"deep":${'['.repeat(100_000)}${']'.repeat(100_000)},`,
    );
    expect(text).toContain('"deep":[[[');
    const record = await readRunRecord(await file('deep.json', text));
    const args = record.report.results
      .flatMap((result) => result.tool_invocations)
      .find((call) => 'deep' in call.args)?.args;
    expect(JSON.stringify(args?.['deep'])).toMatch(/^\[+"\[nested deeper than 128 levels\]"\]+$/);
  });

  it('names a missing file', async () => {
    const error = await rejection(readRunRecord(join(dir, 'missing.json')));
    expect(error.code).toBe('RUN_RECORD_UNREADABLE');
    expect(error.message).toContain('missing.json: cannot read the run record (ENOENT)');
  });

  it('refuses a named pipe or a device without reading it (no writer would ever come; /dev/zero never ends)', async () => {
    const pipe = join(dir, 'pipe.json');
    execFileSync('mkfifo', [pipe]);
    for (const path of [pipe, '/dev/zero']) {
      const error = await rejection(readRunRecord(path));
      expect(error.code).toBe('RUN_RECORD_UNREADABLE');
      expect(error.message).toBe(`${path}: cannot read the run record (not a regular file)`);
    }
  });

  it('names a file that is not JSON', async () => {
    const error = await rejection(readRunRecord(await file('bad.json', '{"record_version": 1,')));
    expect(error.code).toBe('RUN_RECORD_INVALID_JSON');
  });

  it('refuses a record of another version', async () => {
    const error = await rejection(
      readRunRecord(await file('v3.json', JSON.stringify({ ...validRecord(), record_version: 3 }))),
    );
    expect(error.code).toBe('RUN_RECORD_UNSUPPORTED_VERSION');
    expect(error.message).toMatch(
      /v3\.json: record_version 3 is not supported: the record was written by holodeck \S+, and this holodeck reads record versions 1 and 2; upgrade holodeck to read it$/,
    );
    const zero = await rejection(
      readRunRecord(await file('v0.json', JSON.stringify({ ...validRecord(), record_version: 0 }))),
    );
    expect(zero.message).toMatch(
      /v0\.json: record_version 0 is not supported: no holodeck writes it \(this holodeck reads record versions 1 and 2\)$/,
    );
  });

  it('reads a version 1 record (no statuses) with the statuses its facts imply', async () => {
    const current = validRecord();
    const strip = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(strip);
      if (value === null || typeof value !== 'object') return value;
      const entries = Object.entries(value).filter(([key]) => !['status', 'errored', 'errored_turns'].includes(key));
      const fields = Object.fromEntries(entries.map(([key, v]) => [key, strip(v)]));
      // Version 1 recorded skipped metrics as passed: false, and had no skipped-case count...
      if (fields['skipped'] === true && 'metric_name' in fields) fields['passed'] = false;
      // ... nor a per-metric summary.
      if ('total_tests' in fields) {
        delete fields['skipped'];
        delete fields['metrics'];
      }
      return fields;
    };
    const v1 = { ...(strip(current) as object), record_version: 1 };
    expect(JSON.stringify(v1)).not.toContain('"status"');
    const record = await readRunRecord(await file('v1.json', JSON.stringify(v1)));
    const expected = await readRunRecord(await file('v2.json', JSON.stringify(current)));
    expect(record.record_version).toBe(2);
    expect(record.report.results.map((r) => r.status)).toEqual(expected.report.results.map((r) => r.status));
    expect(record.report.results.flatMap((r) => (r.turns ?? []).map((t) => t.status))).toEqual(
      expected.report.results.flatMap((r) => (r.turns ?? []).map((t) => t.status)),
    );
    // A record older than the per-metric summary has none; every count is derived.
    const { metrics: _metrics, ...counts } = expected.report.summary;
    expect(record.report.summary).toEqual(counts);
    const skippedMetric = record.report.results.flatMap((r) => r.turns ?? []).flatMap((t) => t.metric_results);
    expect(skippedMetric.filter((m) => m.skipped).every((m) => m.passed === null)).toBe(true);
  });

  it('points at the fields that are wrong', async () => {
    const record = validRecord();
    const broken = { ...record, state: 'done', report: { ...record.report, summary: { passed: 'x' } } };
    const error = await rejection(readRunRecord(await file('broken.json', JSON.stringify(broken))));
    expect(error.code).toBe('RUN_RECORD_INVALID');
    expect(error.message).toContain('state:');
    expect(error.message).toContain('report.summary.total_tests:');
  });
});

describe('readPartialResults', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'holodeck-partial-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const lines = sampleReport().results.map((r) => JSON.stringify(testResultToJson(r)));

  it('reads a line holding a value nested past 128 levels with that value cut', async () => {
    const path = join(dir, 'p.partial.jsonl');
    const deep = lines[1]?.replace('"args":{', `"args":{"deep":${'['.repeat(100_000)}${']'.repeat(100_000)},`);
    expect(deep).toContain('"deep":[[[');
    await writeFile(path, `${lines[0]}\n${deep}\n`);
    const results = await readPartialResults(path);
    expect(results.map((r) => r.test_name)).toEqual(['greeting', 'JKHY-2009']);
    const args = results[1]?.tool_invocations.find((call) => 'deep' in call.args)?.args;
    expect(JSON.stringify(args?.['deep'])).toMatch(/^\[+"\[nested deeper than 128 levels\]"\]+$/);
  });

  it('ignores a last line cut off by a crash', async () => {
    const path = join(dir, 'p.partial.jsonl');
    await writeFile(path, `${lines[0]}\n${lines[1]}\n${lines[2]?.slice(0, 40)}`);
    expect((await readPartialResults(path)).map((r) => r.test_name)).toEqual(['greeting', 'JKHY-2009']);
  });

  it('rejects a damaged line that is not the last', async () => {
    const path = join(dir, 'p.partial.jsonl');
    await writeFile(path, `${lines[0]}\n{oops\n${lines[1]}\n`);
    const error = await rejection(readPartialResults(path));
    expect(error.code).toBe('RUN_RECORD_INVALID_JSON');
    expect(error.message).toContain('line 2 is not JSON');
  });

  it('rejects a line that is not a test result', async () => {
    const path = join(dir, 'p.partial.jsonl');
    await writeFile(path, `${lines[0]}\n{"test_name": 1}\n`);
    const error = await rejection(readPartialResults(path));
    expect(error.code).toBe('RUN_RECORD_INVALID');
    expect(error.message).toContain('line 2 is not a valid test result: test_name:');
  });
});
