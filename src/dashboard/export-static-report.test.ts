import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoFolder, INJECTION, writeDemoFolder } from '../../test/support/dashboard/demo-folder.js';
import { singleCase } from '../../test/support/dashboard/sample-results.js';
import { type TempDir, tempDir } from '../../test/support/dashboard/temp-dir.js';
import { writePartialRun, writeRun } from '../../test/support/dashboard/write-records.js';
import { writeStreamAtomic } from '../reporters/atomic-write.js';
import { buildStaticData, exportStaticReport } from './export-static-report.js';

let temp: TempDir;
let demo: DemoFolder;

beforeAll(async () => {
  temp = await tempDir();
  demo = await writeDemoFolder(join(temp.dir, 'results'));
});

afterAll(async () => {
  await temp.cleanup();
});

function embeddedData(html: string): unknown {
  const block = /<script type="application\/json" id="holodeck-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (block === undefined) throw new Error('no data block');
  return JSON.parse(block);
}

describe('exportStaticReport', () => {
  it('writes one file holding the page and the newest run, with agent output only inside the data block', async () => {
    await mkdir(join(temp.dir, 'out'));
    const out = await exportStaticReport({
      resultsDir: join(temp.dir, 'results'),
      outPath: join(temp.dir, 'out', 'report.html'),
      write: writeStreamAtomic,
    });
    expect(out).toBe(join(temp.dir, 'out', 'report.html'));
    const html = await readFile(out, 'utf8');
    expect(html).not.toContain(INJECTION);
    expect(html).not.toMatch(/<script>window\.__pwned|<img src=x/);
    expect(html).not.toMatch(/<link rel="stylesheet"|<script [^>]*src=/);
    const data = embeddedData(html) as {
      mode: string;
      run: { run: { id: string } };
      cases: { result: { test_name: string } }[];
    };
    expect(data.mode).toBe('static');
    expect(data.run.run.id).toBe(demo.newer);
    expect(data.cases).toHaveLength(6);
    expect(data.cases[5]?.result.test_name).toBe(`injected ${INJECTION}`);
  });

  it('exports the run asked for', async () => {
    const data = await buildStaticData(join(temp.dir, 'results'), demo.other);
    expect(data.run.run.agent_slug).toBe('support-bot');
    expect(data.run.previous_run_id).toBeNull();
    expect(data.runs.runs.map((r) => r.id)).toEqual([demo.other]);
    expect(data.run.run.group).toMatchObject({
      config_path: demo.configs.bot,
      config_label: 'support-bot/agent.yaml',
      selection_label: 'all test cases',
    });
    expect(data.runs.groups.map((g) => g.key)).toEqual([data.run.run.group.key]);
    expect(data.trends.points.map((p) => p.group_label)).toEqual(['support-bot/agent.yaml · all test cases']);
  });

  it('picks the newest finished run that reads, skipping a broken file and a run still in progress', async () => {
    const dir = join(temp.dir, 'mixed');
    const finished = await writeRun(dir, { startedAt: '2026-12-01T00:00:00.000Z', results: [singleCase('a', true)] });
    await writePartialRun(dir, { startedAt: '2026-12-03T00:00:00.000Z', results: [singleCase('b', true)] });
    await writeFile(join(dir, 'financial-assistant', '2026-12-02T00-00-00-000Z.json'), '{');
    const notes: string[] = [];
    expect((await buildStaticData(dir, undefined, (note) => notes.push(note))).run.run.id).toBe(finished);
    // What was passed over is said, not skipped in silence.
    expect(notes).toEqual([
      expect.stringMatching(/^financial-assistant\/2026-12-02T00-00-00-000Z cannot be read \(/),
      'financial-assistant/2026-12-03T00-00-00-000Z has no run record yet (still running, or it stopped)',
    ]);
  });

  it.each([
    ['a malformed run id', '../../etc/passwd', 'INVALID_RUN_ID'],
    ['a run that does not exist', 'support-bot/2020-01-01T00-00-00-000Z', 'RUN_NOT_FOUND'],
  ])('refuses %s', async (_, runId, code) => {
    await expect(
      exportStaticReport({
        resultsDir: join(temp.dir, 'results'),
        runId,
        outPath: join(temp.dir, 'x.html'),
        write: writeStreamAtomic,
      }),
    ).rejects.toMatchObject({ code });
  });

  it('names the results folder it looked in for a run that does not exist', async () => {
    const resultsDir = join(temp.dir, 'results');
    const runId = 'support-bot/2020-01-01T00-00-00-000Z';
    await expect(
      exportStaticReport({ resultsDir, runId, outPath: join(temp.dir, 'x.html'), write: writeStreamAtomic }),
    ).rejects.toThrow(`no run ${runId} in the results folder ${resultsDir}`);
  });

  it('fails without leaving a temporary file when the report cannot be written', async () => {
    const taken = join(temp.dir, 'taken');
    await mkdir(join(taken, 'report.html'), { recursive: true });
    await expect(
      exportStaticReport({
        resultsDir: join(temp.dir, 'results'),
        outPath: join(taken, 'report.html'),
        write: writeStreamAtomic,
      }),
    ).rejects.toMatchObject({
      code: 'EISDIR',
    });
    expect(await readdir(taken)).toEqual(['report.html']);
  });

  it('writes the data a test case at a time, never the whole page as one string', async () => {
    const chunks: string[] = [];
    await exportStaticReport({
      resultsDir: join(temp.dir, 'results'),
      runId: demo.newer,
      outPath: join(temp.dir, 'pieces.html'),
      write: async (_path, produce) =>
        produce(async (chunk) => void chunks.push(typeof chunk === 'string' ? chunk : chunk.join(''))),
    });
    const html = chunks.join('');
    expect((embeddedData(html) as { cases: unknown[] }).cases).toHaveLength(6);
    // Each case in a write of its own.
    const cases = chunks.filter((chunk) => chunk.includes('"previous_failed":'));
    expect(cases.map((chunk) => chunk.split('"previous_failed":').length - 1)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('refuses a run whose data a browser could not read, naming the cause, and leaves no file', async () => {
    const out = join(temp.dir, 'too-large', 'report.html');
    await expect(
      exportStaticReport({
        resultsDir: join(temp.dir, 'results'),
        outPath: out,
        write: writeStreamAtomic,
        maxDataChars: 10_000,
      }),
    ).rejects.toMatchObject({
      code: 'REPORT_TOO_LARGE',
      message: expect.stringMatching(
        /^the run is too large to export as one page: its data passes 0\.0 MB, the longest text a browser reads .* --max-text-length when it runs$/,
      ),
    });
    expect(await readdir(join(temp.dir, 'too-large'))).toEqual([]);
  });

  it('says so when there is no run to export', async () => {
    await expect(
      exportStaticReport({
        resultsDir: join(temp.dir, 'empty'),
        outPath: join(temp.dir, 'x.html'),
        write: writeStreamAtomic,
      }),
    ).rejects.toMatchObject({
      code: 'NO_RUNS',
    });
  });
});
