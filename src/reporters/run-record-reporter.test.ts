import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reportOf, singleTurnResult } from '../../test/support/reporters/report-fixtures.js';
import {
  failingConversation,
  passingConversation,
  sampleReport,
} from '../../test/support/reporters/report-scenarios.js';
import { runInfo } from '../../test/support/reporters/run-info.js';
import { createRedactor } from '../core/redactor.js';
import { readPartialResults, readRunRecord } from '../records/run-record.js';
import { redactingReporter } from './redacting-reporter.js';
import { createRunRecordReporter, type RunRecordMetadata } from './run-record-reporter.js';

const API_KEY = 'sk-proj-TOPSECRET-0123456789';
const HEADER_SECRET = 'hdr-secret-42';

const metadata: RunRecordMetadata = {
  cli_args: ['test', 'agent.yaml', '--api-key', API_KEY, '-j', '4'],
  config_snapshot: {
    name: 'financial-assistant',
    model: { provider: 'openai', name: 'gpt-4o-mini', api_key: API_KEY, max_tokens: 1000 },
    tools: [{ type: 'mcp', name: 'fin', headers: { Authorization: `Bearer ${HEADER_SECRET}` }, env: { A: 'b' } }],
    grader_fn: () => true,
  },
  git_commit: '0123abcd',
  holodeck_version: '0.1.0',
  node_version: 'v20.19.0',
  backend: 'ai_sdk',
  model: { provider: 'openai', name: 'gpt-4o-mini' },
  started_at: '2026-12-02T12:30:05.123Z',
};

describe('run record reporter', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'holodeck-record-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const create = (agentName = 'Financial Assistant') =>
    createRunRecordReporter({
      resultsDir: join(dir, 'results'),
      agentName,
      metadata,
      redactor: createRedactor([
        { name: 'OPENAI_API_KEY', value: API_KEY },
        { name: 'FIN_TOKEN', value: HEADER_SECRET },
      ]),
      now: () => Date.parse('2026-12-02T12:31:00.000Z'),
    });
  const folder = () => join(dir, 'results', 'financial-assistant');

  it('appends each finished case to a partial file, then writes the record atomically and removes the partial', async () => {
    const reporter = create();
    await reporter.onBegin?.(runInfo({ run_id: 'run-42' }));
    const record = join(folder(), '2026-12-02T12-30-05-123Z.json');
    const partial = join(folder(), '2026-12-02T12-30-05-123Z.partial.jsonl');
    expect(reporter.recordPath()).toBe(record);
    const header = JSON.parse(await readFile(partial, 'utf8'));
    expect(header).toMatchObject({ record_version: 2, run_id: 'run-42', agent_name: 'financial-assistant' });
    expect(header.metadata).toMatchObject({ git_commit: '0123abcd', started_at: '2026-12-02T12:30:05.123Z' });
    const report = sampleReport();
    for (const [index, result] of report.results.entries()) {
      await reporter.onTestCaseEnd?.(result, index);
      const lines = (await readFile(partial, 'utf8')).trimEnd().split('\n');
      expect(lines).toHaveLength(index + 2);
      expect(JSON.parse(lines[index + 1] ?? '').test_name).toBe(result.test_name);
    }
    expect((await readPartialResults(partial)).map((r) => r.test_name)).toEqual(report.results.map((r) => r.test_name));
    await reporter.onEnd?.(report, 'completed');
    expect(await readdir(folder())).toEqual(['2026-12-02T12-30-05-123Z.json']);
    const saved = await readRunRecord(record);
    expect(saved).toMatchObject({ record_version: 2, run_id: 'run-42', state: 'completed' });
    expect(saved.metadata).toMatchObject({
      git_commit: '0123abcd',
      backend: 'ai_sdk',
      started_at: '2026-12-02T12:30:05.123Z',
      finished_at: '2026-12-02T12:31:00.000Z',
    });
    expect(saved.report).toEqual(JSON.parse(JSON.stringify(report)));
    expect(saved.report.results[0]).not.toHaveProperty('turns');
  });

  it('leaves no secret anywhere in the partial file or the record', async () => {
    const leaky = {
      ...passingConversation(),
      agent_response: `my key is ${API_KEY}`,
      tool_invocations: [{ name: 'http', args: { header: HEADER_SECRET }, result: null, error: null, duration_ms: 1 }],
    };
    const reporter = create();
    await reporter.onBegin?.(runInfo());
    await reporter.onTestCaseEnd?.(leaky, 0);
    const partial = await readFile(join(folder(), '2026-12-02T12-30-05-123Z.partial.jsonl'), 'utf8');
    expect(partial).not.toContain(API_KEY);
    expect(partial).not.toContain(HEADER_SECRET);
    await reporter.onEnd?.(reportOf([leaky]), 'completed');
    const text = await readFile(reporter.recordPath() ?? '', 'utf8');
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(HEADER_SECRET);
    const saved = await readRunRecord(reporter.recordPath() ?? '');
    expect(saved.metadata.cli_args).toEqual(['test', 'agent.yaml', '--api-key', '***OPENAI_API_KEY', '-j', '4']);
    expect(saved.metadata.config_snapshot).toEqual({
      name: 'financial-assistant',
      model: { provider: 'openai', name: 'gpt-4o-mini', api_key: '***OPENAI_API_KEY', max_tokens: 1000 },
      tools: [{ type: 'mcp', name: 'fin', headers: { Authorization: 'Bearer ***FIN_TOKEN' }, env: { A: 'b' } }],
    });
    expect(saved.report.results[0]?.agent_response).toBe('my key is ***OPENAI_API_KEY');
    // By value only: an argument named like a credential keeps a value that is not a secret.
    expect(saved.report.results[0]?.tool_invocations[0]?.args).toEqual({ header: '***FIN_TOKEN' });
  });

  it('behind the redacting reporter, masks each case once and still leaves no secret anywhere', async () => {
    const redactor = createRedactor([
      { name: 'OPENAI_API_KEY', value: API_KEY },
      { name: 'FIN_TOKEN', value: HEADER_SECRET },
    ]);
    const inner = createRunRecordReporter({
      resultsDir: join(dir, 'results'),
      agentName: 'Financial Assistant',
      metadata,
      redactor,
      results_redacted: true,
      now: () => Date.parse('2026-12-02T12:31:00.000Z'),
    });
    const reporter = redactingReporter(inner, redactor);
    const leaky = { ...passingConversation(), agent_response: `my key is ${API_KEY}` };
    await reporter.onBegin?.(runInfo());
    await reporter.onTestCaseEnd?.(leaky, 0);
    await reporter.onEnd?.(reportOf([leaky]), 'interrupted');
    const partial = await readFile(join(folder(), '2026-12-02T12-30-05-123Z.partial.jsonl'), 'utf8');
    const text = await readFile(inner.recordPath() ?? '', 'utf8');
    for (const written of [partial, text]) {
      expect(written).not.toContain(API_KEY);
      expect(written).not.toContain(HEADER_SECRET);
    }
    expect(partial).toContain('my key is ***OPENAI_API_KEY');
    expect((await readRunRecord(inner.recordPath() ?? '')).metadata.cli_args).toContain('***OPENAI_API_KEY');
  });

  it('gives two runs started in the same millisecond different files', async () => {
    const first = create();
    const second = create();
    await Promise.all([first.onBegin?.(runInfo({ run_id: 'a' })), second.onBegin?.(runInfo({ run_id: 'b' }))]);
    expect(first.recordPath()).not.toBe(second.recordPath());
    await Promise.all([first.onEnd?.(reportOf([]), 'completed'), second.onEnd?.(reportOf([]), 'completed')]);
    expect((await readdir(folder())).sort()).toEqual([
      '2026-12-02T12-30-05-123Z-2.json',
      '2026-12-02T12-30-05-123Z.json',
    ]);
    const ids = await Promise.all(
      (await readdir(folder())).map(async (f) => (await readRunRecord(join(folder(), f))).run_id),
    );
    expect(ids.sort()).toEqual(['a', 'b']);
  });

  it('keeps every finished case on disk when the run never ends, even with concurrent appends', async () => {
    const reporter = create();
    await reporter.onBegin?.(runInfo());
    const results = Array.from({ length: 25 }, (_, i) => ({ ...failingConversation(), test_name: `case-${i}` }));
    await Promise.all(results.map((result, i) => reporter.onTestCaseEnd?.(result, i)));
    const partial = join(folder(), '2026-12-02T12-30-05-123Z.partial.jsonl');
    const saved = await readPartialResults(partial);
    expect(saved.map((r) => r.test_name)).toEqual(results.map((r) => r.test_name));
    // The log, and the lock that says this process is still writing the run.
    expect(await readdir(folder())).toEqual([
      '2026-12-02T12-30-05-123Z.lock',
      '2026-12-02T12-30-05-123Z.partial.jsonl',
    ]);
  });

  it('records an interrupted run with the cases that finished', async () => {
    const reporter = create();
    await reporter.onBegin?.(runInfo());
    await reporter.onTestCaseEnd?.(singleTurnResult({ test_name: 'done' }), 0);
    await reporter.onEnd?.(reportOf([singleTurnResult({ test_name: 'done' })]), 'interrupted');
    const saved = await readRunRecord(reporter.recordPath() ?? '');
    expect(saved.state).toBe('interrupted');
    expect(saved.report.results.map((r) => r.test_name)).toEqual(['done']);
    // The record is written: the run is no longer held (its log stays for --resume).
    expect((await readdir(folder())).filter((name) => name.endsWith('.lock'))).toEqual([]);
  });

  it('still writes the record when onBegin was never called', async () => {
    const reporter = create();
    await reporter.onEnd?.(reportOf([]), 'interrupted');
    const saved = await readRunRecord(join(folder(), '2026-12-02T12-30-05-123Z.json'));
    expect(saved.state).toBe('interrupted');
    expect(saved.run_id).not.toBe('');
  });

  it('rejects (for the multiplexer to report) when the results folder cannot be created', async () => {
    await writeFile(join(dir, 'results'), 'a file, not a folder');
    const reporter = create();
    await expect(reporter.onBegin?.(runInfo())).rejects.toThrow(/ENOTDIR|EEXIST/);
    await expect(reporter.onTestCaseEnd?.(singleTurnResult({ test_name: 'x' }), 0)).rejects.toThrow();
    await expect(reporter.onEnd?.(reportOf([]), 'completed')).rejects.toThrow();
  });

  it('writes the record results in case order when cases finish out of order', async () => {
    const reporter = create();
    await reporter.onBegin?.(runInfo());
    const results = Array.from({ length: 6 }, (_, i) => singleTurnResult({ test_name: `case-${i}` }));
    for (const index of [4, 1, 5, 0, 3, 2]) await reporter.onTestCaseEnd?.(results[index]!, index);
    await reporter.onEnd?.(reportOf(results), 'completed');
    const saved = await readRunRecord(reporter.recordPath() ?? '');
    expect(saved.report.results.map((r) => r.test_name)).toEqual(results.map((r) => r.test_name));
  });

  it('keeps the log of an interrupted run; a resumed session appends to it and completes the same record', async () => {
    const first = create();
    await first.onBegin?.(runInfo({ run_id: 'run-7' }));
    const done = singleTurnResult({ test_name: 'done' });
    await first.onTestCaseEnd?.(done, 0);
    await first.onEnd?.(reportOf([done]), 'interrupted');
    const record = first.recordPath() ?? '';
    const log = record.replace(/\.json$/, '.partial.jsonl');
    expect((await readdir(folder())).sort()).toEqual([basename(record), basename(log)].sort());
    await writeFile(log, `${await readFile(log, 'utf8')}{"test_name":"cut off by a cra`);

    const resumed = createRunRecordReporter({
      resultsDir: join(dir, 'results'),
      agentName: 'Financial Assistant',
      metadata: { ...metadata, resumed_at: ['2026-12-02T13:00:00.000Z'] },
      resume: { paths: { record, partial: log }, run_id: 'run-7' },
    });
    const later = singleTurnResult({ test_name: 'later' });
    await resumed.onBegin?.(runInfo({ run_id: 'ignored' }));
    await resumed.onTestCaseRestored?.(done, 0);
    await resumed.onTestCaseEnd?.(later, 1);
    const lines = (await readFile(log, 'utf8')).trimEnd().split('\n');
    expect(lines.map((line) => line.slice(0, 30))).toEqual([
      expect.stringContaining('"record_version":2'),
      expect.stringContaining('"test_name":"done"'),
      '{"test_name":"cut off by a cra',
      expect.stringContaining('"test_name":"done"'),
      expect.stringContaining('"test_name":"later"'),
    ]);
    await resumed.onEnd?.(reportOf([done, later]), 'completed');
    expect(resumed.recordPath()).toBe(record);
    expect(await readdir(folder())).toEqual([basename(record)]);
    const saved = await readRunRecord(record);
    expect(saved).toMatchObject({ run_id: 'run-7', state: 'completed' });
    expect(saved.metadata.resumed_at).toEqual(['2026-12-02T13:00:00.000Z']);
    expect(saved.report.results.map((r) => r.test_name)).toEqual(['done', 'later']);
  });

  it('starts a new log with its header when resuming a record whose log is gone', async () => {
    const record = join(folder(), '2026-01-01T00-00-00-000Z.json');
    const log = record.replace(/\.json$/, '.partial.jsonl');
    const resumed = createRunRecordReporter({
      resultsDir: join(dir, 'results'),
      agentName: 'Financial Assistant',
      metadata,
      resume: { paths: { record, partial: log }, run_id: 'old-run' },
    });
    await resumed.onBegin?.(runInfo());
    expect(JSON.parse((await readFile(log, 'utf8')).split('\n')[0] ?? '')).toMatchObject({ run_id: 'old-run' });
  });

  it('reports a log it cannot open on resume and deletes nothing', async () => {
    const record = join(folder(), '2026-01-01T00-00-00-000Z.json');
    const log = record.replace(/\.json$/, '.partial.jsonl');
    await mkdir(folder(), { recursive: true });
    await symlink(basename(log), log); // a link to itself: ELOOP
    const resumed = createRunRecordReporter({
      resultsDir: join(dir, 'results'),
      agentName: 'Financial Assistant',
      metadata,
      resume: { paths: { record, partial: log }, run_id: 'old-run' },
    });
    await expect(resumed.onBegin?.(runInfo())).rejects.toThrow(/ELOOP/);
    expect((await lstat(log)).isSymbolicLink()).toBe(true);
  });

  it.runIf(process.platform === 'linux')(
    'fails the record, naming its lock file, when the lock cannot be written (a full disk)',
    async () => {
      await mkdir(folder(), { recursive: true });
      const record = join(folder(), '2026-01-01T00-00-00-000Z.json');
      const lock = record.replace(/\.json$/, '.lock');
      // The lock's temporary file leads to /dev/full, where every write fails as on a full disk.
      await symlink('/dev/full', `${lock}.${process.pid}.tmp`);
      const resumed = createRunRecordReporter({
        resultsDir: join(dir, 'results'),
        agentName: 'Financial Assistant',
        metadata,
        resume: { paths: { record, partial: record.replace(/\.json$/, '.partial.jsonl') }, run_id: 'old-run' },
      });
      await expect(resumed.onBegin?.(runInfo())).rejects.toThrow(
        `cannot write the run record ${record}: its lock file ${lock} cannot be written (ENOSPC: no space left on device)`,
      );
      expect(await readdir(folder())).toEqual([]);
    },
  );
});
