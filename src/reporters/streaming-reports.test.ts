import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureStream } from '../../test/support/reporters/capture-stream.js';
import { playReport } from '../../test/support/reporters/play-report.js';
import { reportOf } from '../../test/support/reporters/report-fixtures.js';
import {
  failingConversation,
  hostileReport,
  passingConversation,
  sampleReport,
} from '../../test/support/reporters/report-scenarios.js';
import { runInfo } from '../../test/support/reporters/run-info.js';
import type { Reporter } from '../core/reporter.js';
import type { RunReport, TestResult } from '../core/results.js';
import { createConsoleReporter } from './console-reporter.js';
import { createReporter, type ReportFormat } from './create-reporter.js';
import { renderJsonReport } from './json-reporter.js';
import { renderJunitReport } from './junit-render.js';
import { renderMarkdownReport } from './markdown-render.js';

const RENDER: Record<ReportFormat, (report: RunReport) => string> = {
  json: renderJsonReport,
  markdown: renderMarkdownReport,
  junit: renderJunitReport,
};
const EXTENSION: Record<ReportFormat, string> = { json: 'json', markdown: 'md', junit: 'xml' };

/** Feeds results as a streaming runner does: out of order, some restored, then onEnd without results. */
async function stream(reporter: Reporter, report: RunReport, order: readonly number[], restored: readonly number[]) {
  await reporter.onBegin?.(runInfo({ total_cases: report.results.length }));
  for (const index of restored) await reporter.onTestCaseRestored?.(report.results[index]!, index);
  await Promise.all(order.map((index) => reporter.onTestCaseEnd?.(report.results[index]!, index)));
  const { results: _results, ...end } = report;
  await reporter.onEnd?.(end, 'completed');
}

function many(count: number): RunReport {
  const results: TestResult[] = Array.from({ length: count }, (_, i) => ({
    ...(i % 3 === 0 ? failingConversation() : passingConversation()),
    test_name: `case-${i}`,
  }));
  return { ...reportOf(results), agent_name: 'financial-assistant' };
}

describe('streamed report files', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'holodeck-stream-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  for (const format of ['json', 'markdown', 'junit'] as const) {
    it(`${format}: cases finishing out of order give the same file as rendering the whole report`, async () => {
      const report = many(12);
      const path = join(dir, `report.${EXTENSION[format]}`);
      await stream(createReporter(format, path), report, [5, 0, 11, 3, 2, 9, 1, 10, 4], [8, 6, 7]);
      expect(await readFile(path, 'utf8')).toBe(RENDER[format](report));
      expect(await readdir(dir)).toEqual([`report.${EXTENSION[format]}`]);
    });

    it(`${format}: a run that finished no case still writes a valid file`, async () => {
      const path = join(dir, `empty.${EXTENSION[format]}`);
      await stream(createReporter(format, path), reportOf([]), [], []);
      expect(await readFile(path, 'utf8')).toBe(RENDER[format](reportOf([])));
    });
  }

  it('renders hostile output the same way when streamed', async () => {
    const report = hostileReport();
    const path = join(dir, 'hostile.xml');
    const order = report.results.map((_, i) => i).reverse();
    await stream(createReporter('junit', path), report, order, []);
    expect(await readFile(path, 'utf8')).toBe(renderJunitReport(report));
  });

  it('writes only the cases that came through onTestCaseEnd: onEnd carries no results', async () => {
    const report = sampleReport();
    const path = join(dir, 'plain.json');
    await stream(createReporter('json', path), report, [], []);
    expect(await readFile(path, 'utf8')).toBe(renderJsonReport({ ...report, results: [] }));
  });
});

describe('retries in the human-readable reports', () => {
  it('shows how many model requests each turn retried in the console, Markdown and JUnit', async () => {
    const base = passingConversation();
    const flaky: TestResult = { ...base, turns: base.turns!.map((turn, i) => ({ ...turn, retries: i === 1 ? 3 : 0 })) };
    const report = reportOf([flaky]);
    const stream = captureStream();
    await playReport(createConsoleReporter({ stream, verbosity: 'verbose', color: false }), report);
    expect(stream.text()).toMatch(/turn 2\/2 {2}\S+ · 3 retries/);
    expect(stream.text()).not.toMatch(/turn 1\/2 .*retr/);
    expect(renderMarkdownReport(report)).toMatch(/### Turn 2\/2 ✅ · \S+ · 3 retries/);
    expect(renderJunitReport(report)).toMatch(/turn 2\/2 passed \(\S+, 3 retries\)/);
    expect(renderJsonReport(report)).toContain('"retries": 3');
  });
});

describe('huge agent output in report files', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'holodeck-huge-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('cuts responses and tool results with a note in JSON, Markdown and JUnit, and keeps them valid', async () => {
    const response = `start ${'x'.repeat(3_000_000)} end`;
    const rows = Array.from({ length: 200_000 }, (_, i) => ({ row: i, value: `v${i}` }));
    const base = passingConversation();
    const huge: TestResult = {
      ...base,
      agent_response: response,
      turns: base.turns!.map((turn, i) =>
        i === 0
          ? {
              ...turn,
              response,
              tool_invocations: [{ name: 'dump', args: { q: 'all' }, result: rows, error: null, duration_ms: 3 }],
            }
          : turn,
      ),
    };
    const report = reportOf([huge]);
    const paths = { json: join(dir, 'r.json'), markdown: join(dir, 'r.md'), junit: join(dir, 'r.xml') };
    for (const format of ['json', 'markdown', 'junit'] as const) {
      await stream(createReporter(format, paths[format], { max_text_length: 50_000 }), report, [0], []);
    }
    const json = JSON.parse(await readFile(paths.json, 'utf8')) as RunReport;
    const turn = json.results[0]!.turns![0]!;
    expect(turn.response).toMatch(/^start x+… \[truncated: 3,000,010 characters in total\]$/);
    expect(turn.response.length).toBeLessThan(50_100);
    // The rows stay rows: the first ones kept whole, then a note of how many more there were.
    const kept = turn.tool_invocations[0]!.result as unknown[];
    expect(kept[0]).toEqual({ row: 0, value: 'v0' });
    expect(kept.at(-1)).toMatch(/^… \d+ more items \(the value is longer than --max-text-length\)$/);
    expect(JSON.stringify(kept).length).toBeLessThan(50_200);
    expect(json.results[0]!.agent_response.length).toBeLessThan(50_100);
    const markdown = await readFile(paths.markdown, 'utf8');
    expect(markdown).toContain('[truncated: 3,000,010 characters in total]');
    expect(markdown.length).toBeLessThan(200_000);
    const junit = await readFile(paths.junit, 'utf8');
    expect(junit).toContain('[truncated: 3,000,010 characters in total]');
    expect(junit.length).toBeLessThan(50_000);
  });
});
