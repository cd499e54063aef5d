import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { playReport } from '../../test/support/reporters/play-report.js';
import { reportOf, singleTurnResult } from '../../test/support/reporters/report-fixtures.js';
import { runInfo } from '../../test/support/reporters/run-info.js';
import { createRedactor } from '../core/redactor.js';
import { composeReporters } from './compose-reporters.js';

const METADATA = {
  cli_args: [],
  config_snapshot: {},
  git_commit: null,
  holodeck_version: '0.1.0',
  node_version: process.version,
  backend: 'ai_sdk',
  model: { provider: 'openai', name: 'm' },
  started_at: '2026-12-02T12:30:05.123Z',
};

afterEach(() => {
  vi.restoreAllMocks();
});

type Plan = Parameters<typeof composeReporters>[0];

/** The reporters of a quiet run writing `outputs` and its record into `resultsDir`. */
function compose(outputs: Plan['outputs'], resultsDir: string, resume?: Plan['resume']) {
  const composed = composeReporters({
    ...(resume === undefined ? {} : { resume }),
    outputs,
    verbosity: 'quiet',
    resultsDir,
    agentName: 'agent',
    metadata: METADATA,
    redactor: createRedactor([]),
    max_text_length: undefined,
    console: new PassThrough(),
  });
  if (!composed.ok) throw new Error(composed.message);
  return composed;
}

describe('composeReporters', () => {
  it('names the file a reporter failed to write when the error does not (a full disk)', async () => {
    const said: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      said.push(String(chunk));
      return true;
    });
    const root = await mkdtemp(join(tmpdir(), 'holodeck-compose-'));
    const composed = compose([{ path: '/dev/full', format: 'json' }], join(root, 'results'));
    await playReport(composed.reporter, reportOf([singleTurnResult({ test_name: 'a' })]));
    expect(composed.errors).toEqual([
      expect.stringMatching(/^reporter error: cannot write the report \/dev\/full: ENOSPC/),
    ]);
    expect([...composed.failed]).toEqual(['/dev/full']);
  });

  it('says a reporter error once, however many cases it fails, and keeps it for the exit code', async () => {
    const root = await mkdtemp(join(tmpdir(), 'holodeck-compose-'));
    // The run record's folder lies under a file: every case the record tries to write fails the same way.
    await writeFile(join(root, 'file'), 'x');
    const said: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      said.push(String(chunk));
      return true;
    });
    const composed = compose([], join(root, 'file', 'results'));
    await composed.reporter.onBegin?.(runInfo({ run_id: 'r' }));
    for (let index = 0; index < 5; index++) {
      await composed.reporter.onTestCaseEnd?.(singleTurnResult({ test_name: `case ${index}` }), index);
    }
    expect(composed.errors).toHaveLength(1);
    expect(composed.errors[0]).toMatch(/^reporter error: ENOTDIR/);
    expect(said.filter((line) => line.startsWith('reporter error'))).toEqual([`${composed.errors[0]}\n`]);
    expect([...composed.failed]).toEqual([]);
  });

  it('counts each failure against its file: the one that failed, not the others', async () => {
    const root = await mkdtemp(join(tmpdir(), 'holodeck-compose-'));
    await writeFile(join(root, 'file'), 'x');
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const bad = join(root, 'file', 'report.json');
    const good = join(root, 'report.md');
    const composed = compose(
      [
        { format: 'json', path: bad },
        { format: 'markdown', path: good },
      ],
      join(root, 'results'),
    );
    await playReport(composed.reporter, reportOf([singleTurnResult({ test_name: 'a' })]));
    expect(composed.errors).toHaveLength(1);
    expect(composed.errors[0]).toContain(bad);
    expect([...composed.failed]).toEqual([bad]);
    expect(composed.recordPath()).not.toBeNull();
  });

  it.runIf(process.platform === 'linux')(
    "names the run's log, not the record, when the log cannot be written (a full disk)",
    async () => {
      const root = await mkdtemp(join(tmpdir(), 'holodeck-compose-'));
      const paths = { record: join(root, 'run.json'), partial: join(root, 'run.partial.jsonl') };
      // The log leads to /dev/full, where every write fails as on a full disk.
      await symlink('/dev/full', paths.partial);
      vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
      const composed = compose([], join(root, 'results'), { paths, run_id: 'r' });
      await composed.reporter.onBegin?.(runInfo({ run_id: 'r' }));
      await composed.reporter.onTestCaseEnd?.(singleTurnResult({ test_name: 'a' }), 0);
      expect(composed.errors).toEqual([
        `reporter error: cannot write the run's log ${paths.partial}: ENOSPC: no space left on device`,
      ]);
      expect([...composed.failed]).toEqual([paths.record]);
    },
  );

  it('names the run record when the record itself cannot be written', async () => {
    const root = await mkdtemp(join(tmpdir(), 'holodeck-compose-'));
    const paths = { record: join(root, 'run.json'), partial: join(root, 'run.partial.jsonl') };
    // A folder where the record goes: the log is written, the record cannot replace the folder.
    await mkdir(paths.record);
    await writeFile(join(paths.record, 'inside'), '');
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const composed = compose([], join(root, 'results'), { paths, run_id: 'r' });
    await playReport(composed.reporter, reportOf([singleTurnResult({ test_name: 'a' })]));
    expect(composed.errors).toEqual([
      expect.stringMatching(/^reporter error: cannot write the run record \S+run\.json: E[A-Z]+: [a-z ]+$/),
    ]);
  });
});
