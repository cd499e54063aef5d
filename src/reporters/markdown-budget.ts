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
  const rank: Readonly<Record<Status, number>> = { failed: 0, error: 0, skipped: 1, passed: 2 };
  const classes: number[][] = [[], [], []];
  for (const [i, c] of cases.entries()) classes[rank[c.status]]?.push(i);
  // Strictly by class: once an item of a class did not fit, the lower classes get none of that kind, so a passed
  // case never takes the room a failed one needed. A smaller item of the same class may still fit after it.
  const pick = (bytes: (c: MarkdownCaseSize) => number): boolean[] => {
    const kept = cases.map(() => false);
    for (const group of classes) {
      let missed = false;
      for (const i of group) {
        const cost = bytes(cases[i] as MarkdownCaseSize);
        if (cost > free) {
          missed = true;
          continue;
        }
        free -= cost;
        kept[i] = true;
      }
      if (missed) break;
    }
    return kept;
  };
  const rows = pick((c) => c.row + 1);
  const sections = pick((c) => c.section + 2);
  return { rows, sections, note: cutNote(cases, rows, sections, max) };
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
  const missingRows = cases.filter((_, i) => !rows[i]);
  if (missingSections.length === 0 && missingRows.length === 0) return null;
  const left = [...leftOut('the details of', missingSections), ...leftOut('the table rows of', missingRows)];
  return (
    `> ⚠️ This report is kept under ${max.toLocaleString('en-US')} bytes (a GitHub step summary holds at most 1 MiB): ` +
    `${left.join(' and ')} are left out. ` +
    'The JSON report (`--output report.json`) and the run record (`results/`) hold every ' +
    'test case in full.'
  );
}

/** `the table rows of 3 test cases (2 failed, 1 passed)`, or nothing when no case is missing. */
function leftOut(what: string, missing: readonly MarkdownCaseSize[]): string[] {
  if (missing.length === 0) return [];
  const counts = STATUS_WORDS.flatMap(([status, one, many]) => {
    const n = missing.filter((c) => c.status === status).length;
    return n === 0 ? [] : [`${n} ${n === 1 ? one : many}`];
  });
  const n = missing.length;
  return [`${what} ${n} test ${n === 1 ? 'case' : 'cases'} (${counts.join(', ')})`];
}
