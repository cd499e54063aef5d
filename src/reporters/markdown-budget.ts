/**
 * The Markdown report's size bound. GitHub drops a job's step summary whole above 1 MiB, and the report is
 * meant to be appended to one (`cat report.md >> "$GITHUB_STEP_SUMMARY"`): the report stays under
 * MARKDOWN_MAX_BYTES (UTF-8) whatever the run. The summary is always kept; then, while they fit, the rows of
 * the test case table (those of cases that did not pass first), then the details of the failed and errored
 * cases, of the skipped ones, and last of the passed ones, each group in case order. What is left out is
 * counted in a note after the table.
 */
import type { Status } from '../core/status.js';

/** 1,000,000 bytes: under GitHub's 1 MiB (1,048,576 bytes) with room to spare for a line a workflow adds. */
export const MARKDOWN_MAX_BYTES = 1_000_000;

/** The bytes the note may take, kept aside before any row or detail is chosen. */
const NOTE_BYTES = 1_024;

/** One case as the budget sees it: its status and the UTF-8 bytes of its table row and of its details. */
export interface MarkdownCaseSize {
  readonly status: Status;
  readonly row: number;
  readonly section: number;
}

export interface MarkdownSelection {
  /** Whether case i's row is written. */
  readonly rows: readonly boolean[];
  /** Whether case i's details are written. */
  readonly sections: readonly boolean[];
  /** The Markdown block saying what was left out, or null when nothing was. */
  readonly note: string | null;
}

/** Which rows and details fit in `max` bytes beside the `fixed` bytes always written (title, summary...). */
export function markdownBudget(
  fixed: number,
  cases: readonly MarkdownCaseSize[],
  max: number = MARKDOWN_MAX_BYTES,
): MarkdownSelection {
  const total = fixed + cases.reduce((sum, c) => sum + c.row + 1 + c.section + 2, 0);
  if (total <= max) {
    return { rows: cases.map(() => true), sections: cases.map(() => true), note: null };
  }
  let free = max - fixed - NOTE_BYTES;
  const pick = (order: readonly number[], bytes: (c: MarkdownCaseSize) => number): boolean[] => {
    const kept = cases.map(() => false);
    for (const i of order) {
      const cost = bytes(cases[i] as MarkdownCaseSize);
      if (cost > free) continue;
      free -= cost;
      kept[i] = true;
    }
    return kept;
  };
  const rank: Readonly<Record<Status, number>> = { failed: 0, error: 0, skipped: 1, passed: 2 };
  const order = cases.map((_, i) => i).sort((a, b) => rank[statusOf(cases, a)] - rank[statusOf(cases, b)] || a - b);
  const rows = pick(order, (c) => c.row + 1);
  const sections = pick(order, (c) => c.section + 2);
  return { rows, sections, note: cutNote(cases, rows, sections, max) };
}

function statusOf(cases: readonly MarkdownCaseSize[], i: number): Status {
  return (cases[i] as MarkdownCaseSize).status;
}

const STATUS_WORDS: readonly [Status, string, string][] = [
  ['failed', 'failed', 'failed'],
  ['error', 'error', 'errors'],
  ['skipped', 'skipped', 'skipped'],
  ['passed', 'passed', 'passed'],
];

function cutNote(
  cases: readonly MarkdownCaseSize[],
  rows: readonly boolean[],
  sections: readonly boolean[],
  max: number,
): string | null {
  const missingSections = cases.filter((_, i) => !sections[i]);
  const missingRows = cases.filter((_, i) => !rows[i]).length;
  if (missingSections.length === 0 && missingRows === 0) return null;
  const counts = STATUS_WORDS.flatMap(([status, one, many]) => {
    const n = missingSections.filter((c) => c.status === status).length;
    return n === 0 ? [] : [`${n} ${n === 1 ? one : many}`];
  });
  const testCases = (n: number) => `${n} test ${n === 1 ? 'case' : 'cases'}`;
  const left = [
    ...(missingSections.length === 0
      ? []
      : [`the details of ${testCases(missingSections.length)} (${counts.join(', ')})`]),
    ...(missingRows === 0 ? [] : [`the table rows of ${testCases(missingRows)}`]),
  ];
  return (
    `> ⚠️ This report is kept under ${max.toLocaleString('en-US')} bytes (a GitHub step summary holds at most 1 MiB): ` +
    `${left.join(' and ')} are left out. ` +
    'The JSON report (`--output report.json`) and the run record (`results/`) hold every ' +
    'test case in full.'
  );
}
