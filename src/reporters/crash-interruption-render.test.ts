/** A run a crash stopped says so, with the crash, in Markdown, JUnit XML, the console summary and a matrix table. */
import { describe, expect, it } from 'vitest';
import { findAll, parseXml } from '../../test/support/reporters/parse-xml.js';
import { sampleReport } from '../../test/support/reporters/report-scenarios.js';
import { buildModelMatrix } from '../core/model-matrix.js';
import type { RunInterruption } from '../core/results.js';
import { createPalette } from './ansi.js';
import { formatSummary } from './console-summary.js';
import { junitInterruption } from './junit-render.js';
import { renderMarkdownReport } from './markdown-render.js';
import { formatMatrixTable } from './matrix-table.js';

const CRASH: RunInterruption = {
  selected_tests: 9,
  not_run: 5,
  reason: 'crash',
  error: 'uncaught exception: Error: async boom \x1b[2J',
};
const SIGNAL: RunInterruption = { selected_tests: 9, not_run: 5, reason: 'signal' };

describe('the interruption of a run a crash stopped', () => {
  it('Markdown says the run crashed, with the crash, where an interrupted run says it was interrupted', () => {
    const crashed = renderMarkdownReport({ ...sampleReport(), interrupted: CRASH });
    expect(crashed).toContain('| **Result** | 💥 the run crashed (uncaught exception: Error: async boom');
    expect(crashed).toContain('): 5 of 9 test cases did not run · of the');
    expect(crashed).not.toContain('\x1b');
    const stopped = renderMarkdownReport({ ...sampleReport(), interrupted: SIGNAL });
    expect(stopped).toContain('| **Result** | ⏹️ interrupted: 5 of 9 test cases did not run');
  });

  it('JUnit XML gives the crash in the error of its interruption test case', () => {
    const xml = junitInterruption({ ...sampleReport(), interrupted: CRASH })!;
    const error = findAll(parseXml(`<x>${xml}</x>`), 'error')[0]!;
    expect(error.attributes['type']).toBe('crash');
    expect(error.attributes['message']).toBe(
      'the run crashed (uncaught exception: Error: async boom \\x1b[2J): 5 of 9 test cases did not run (holodeck test --resume runs them)',
    );
    const older = junitInterruption({ ...sampleReport(), interrupted: { selected_tests: 9, not_run: 5 } })!;
    expect(findAll(parseXml(`<x>${older}</x>`), 'error')[0]!.attributes['type']).toBe('interrupted');
  });

  it('the console headline says the run crashed, with the crash shown as text', () => {
    const { results: _results, ...end } = { ...sampleReport(), interrupted: CRASH };
    const options = {
      palette: createPalette(false),
      max_failures_listed: 0,
      planned_cases: 9,
      failures: { listed: [], total: 0 },
    };
    const lines = formatSummary(end, 'interrupted', options);
    expect(lines[1]).toMatch(
      /^Run crashed — .+: \d+ of 9 test cases finished \(uncaught exception: Error: async boom \\x1b\[2J\)$/,
    );
    const { results: _r, ...signal } = { ...sampleReport(), interrupted: SIGNAL };
    expect(formatSummary(signal, 'interrupted', options)[1]).toMatch(/^Run interrupted — /);
  });

  it('a model matrix names the model a crash stopped, with the crash', () => {
    const { summary } = sampleReport();
    const matrix = buildModelMatrix('cmp-1', [
      { model: 'openai:a', summary, cases: [], interrupted: CRASH },
      { model: 'openai:b', summary, cases: [], interrupted: SIGNAL },
    ]);
    const text = formatMatrixTable(matrix, createPalette(false)).join('\n');
    expect(text).toContain(
      'openai:a was stopped by a crash (uncaught exception: Error: async boom \\x1b[2J): 5 of its 9 test cases did not run',
    );
    expect(text).toContain('openai:b was interrupted: 5 of its 9 test cases did not run');
  });
});
