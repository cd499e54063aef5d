/**
 * How the text reporters write a status, so console and Markdown tell errors apart from failures the same
 * way: `✓` passed, `✗` failed, `!` error (no verdict could be reached), `–` skipped.
 */
import type { ReportSummary } from '../core/results.js';
import type { Status } from '../core/status.js';
import type { Palette } from './ansi.js';

export function consoleMark(status: Status, palette: Palette): string {
  if (status === 'passed') return palette.green('✓');
  if (status === 'failed') return palette.red('✗');
  if (status === 'error') return palette.red(palette.bold('!'));
  return palette.yellow('–');
}

export const MARKDOWN_STATUS: Readonly<Record<Status, string>> = {
  passed: '✅ passed',
  failed: '❌ failed',
  error: '💥 error',
  skipped: '⏭️ skipped',
};

/** `3 passed · 1 failed · 2 errors · 1 skipped · 7 total`: failed counts assertion failures only here. */
export function caseCountsText(summary: ReportSummary): string {
  const assertionFailures = summary.failed - summary.errored - summary.skipped;
  const parts = [`${summary.passed} passed`, `${assertionFailures} failed`];
  if (summary.errored > 0) parts.push(`${summary.errored} ${summary.errored === 1 ? 'error' : 'errors'}`);
  if (summary.skipped > 0) parts.push(`${summary.skipped} skipped`);
  return [...parts, `${summary.total_tests} total`].join(' · ');
}

/** Turn counts in the same words: errored turns apart from failed ones. */
export function turnCountsText(summary: ReportSummary): string {
  const assertionFailures = summary.failed_turns - summary.errored_turns;
  const parts = [`${summary.passed_turns} passed`, `${assertionFailures} failed`];
  if (summary.errored_turns > 0)
    parts.push(`${summary.errored_turns} ${summary.errored_turns === 1 ? 'error' : 'errors'}`);
  return [...parts, `${summary.skipped_turns} skipped`, `${summary.total_turns} total`].join(' · ');
}
