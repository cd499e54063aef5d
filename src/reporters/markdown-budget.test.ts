import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { playReport } from '../../test/support/reporters/play-report.js';
import { reportOf, singleTurnResult } from '../../test/support/reporters/report-fixtures.js';
import type { RunReport } from '../core/results.js';
import { MARKDOWN_MAX_BYTES, markdownBudget } from './markdown-budget.js';
import { renderMarkdownReport } from './markdown-render.js';
import { createMarkdownReporter } from './markdown-reporter.js';

const LONG_ANSWER = `The answer is 42. ${'Reasoning step. '.repeat(500)}`;

/** 150 cases answering at length (about 1.3 MB of Markdown in full), cases 7 and 120 failing, 60 errored. */
function longRun(): RunReport {
  return reportOf(
    Array.from({ length: 150 }, (_, i) =>
      singleTurnResult({
        test_name: `case-${i}`,
        test_input: `question ${i}`,
        agent_response: LONG_ANSWER,
        ground_truth: i === 7 || i === 120 ? '41' : LONG_ANSWER,
        passed: i !== 7 && i !== 120 && i !== 60,
        ...(i === 60 ? { status: 'error' as const, errors: ['the model endpoint refused'] } : {}),
      }),
    ),
  );
}

describe('markdownBudget', () => {
  it('keeps everything, and says nothing, when it fits', () => {
    const chosen = markdownBudget(100, [{ status: 'passed', row: 10, section: 10 }], 200);
    expect(chosen).toEqual({ rows: [true], sections: [true], note: null });
  });

  it('keeps the rows, then the details of the failed and errored cases, then of skipped, then of passed ones', () => {
    const cases = [
      { status: 'passed', row: 10, section: 600 },
      { status: 'failed', row: 10, section: 600 },
      { status: 'skipped', row: 10, section: 600 },
      { status: 'error', row: 10, section: 600 },
      { status: 'passed', row: 10, section: 600 },
    ] as const;
    const chosen = markdownBudget(100, cases, 100 + 1_024 + 5 * 11 + 3 * 602);
    expect(chosen.rows).toEqual([true, true, true, true, true]);
    expect(chosen.sections).toEqual([false, true, true, true, false]);
    expect(chosen.note).toContain('the details of 2 test cases (2 passed) are left out');
    expect(chosen.note).toContain('The JSON report (`--output report.json`) and the run record (`results/`)');
  });

  it('leaves out the rows of passed cases before those of the others when even the table does not fit', () => {
    const cases = [
      { status: 'passed', row: 2_000, section: 10 },
      { status: 'failed', row: 2_000, section: 10 },
    ] as const;
    const chosen = markdownBudget(0, cases, 1_024 + 2_001 + 12);
    expect(chosen.rows).toEqual([false, true]);
    expect(chosen.sections).toEqual([false, true]);
    expect(chosen.note).toContain(
      'the details of 1 test case (1 passed) and the table rows of 1 test case (1 passed) are left out',
    );
  });
  it('keeps no passed row once a failed row did not fit, and counts the rows left out by status', () => {
    // The failed rows are longer (they give the failure); the passed ones would fit in what is left.
    const cases = [
      ...Array.from({ length: 4 }, () => ({ status: 'failed' as const, row: 300, section: 1_000 })),
      ...Array.from({ length: 3 }, () => ({ status: 'passed' as const, row: 50, section: 1_000 })),
    ];
    const chosen = markdownBudget(0, cases, 1_024 + 2 * 301 + 200);
    expect(chosen.rows).toEqual([true, true, false, false, false, false, false]);
    expect(chosen.note).toContain('the table rows of 5 test cases (2 failed, 3 passed) are left out');
  });

  it("keeps no passed details once a failed case's did not fit, though a smaller failed one may still", () => {
    const cases = [
      { status: 'passed', row: 10, section: 100 },
      { status: 'failed', row: 10, section: 500 },
      { status: 'error', row: 10, section: 5_000 },
      { status: 'failed', row: 10, section: 300 },
      { status: 'skipped', row: 10, section: 10 },
    ] as const;
    const chosen = markdownBudget(0, cases, 1_024 + 5 * 11 + 502 + 302 + 150);
    expect(chosen.rows).toEqual([true, true, true, true, true]);
    expect(chosen.sections).toEqual([false, true, false, true, false]);
    expect(chosen.note).toContain('the details of 3 test cases (1 error, 1 skipped, 1 passed) are left out');
  });
});

describe('the Markdown report of a long run', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'holodeck-md-budget-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('stays under 1 MiB in UTF-8, keeping every row and the failed cases, and says what it left out', async () => {
    const report = longRun();
    const path = join(dir, 'report.md');
    await playReport(createMarkdownReporter({ path }), report);
    const md = await readFile(path, 'utf8');
    expect(md).toBe(renderMarkdownReport(report));
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(MARKDOWN_MAX_BYTES);
    expect(Buffer.byteLength(renderMarkdownReport(report, undefined, Number.POSITIVE_INFINITY))).toBeGreaterThan(
      1_048_576,
    );
    for (let i = 0; i < 150; i += 1) expect(md).toContain(`| case-${i} |`);
    for (const kept of ['## ❌ case-7', '## ❌ case-120', '## 💥 case-60', '## ✅ case-0']) expect(md).toContain(kept);
    expect(md).not.toContain('## ✅ case-149');
    const shown = md.match(/^## ✅ case-/gm)?.length ?? 0;
    const note = md.match(/^> ⚠️ This report is kept under 1,000,000 bytes .*$/m)?.[0];
    expect(note).toContain(`the details of ${147 - shown} test cases (${147 - shown} passed) are left out`);
    // The note comes right after the table, before any case's details.
    expect(md.indexOf(note ?? '?')).toBeLessThan(md.indexOf('## ❌ case-7'));
  });

  it('a report that fits is written whole, without a note', () => {
    const md = renderMarkdownReport(reportOf([singleTurnResult({ test_name: 'ok', passed: true })]));
    expect(md).not.toContain('This report is kept under');
    expect(md).toContain('## ✅ ok');
  });
});
