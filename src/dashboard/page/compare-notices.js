// @ts-check
/**
 * The notices of the compare view, as `holodeck compare` says them first: a run that did not finish, and what
 * makes a change something other than a change of the agent (computed by core/compare-notices.ts for both).
 */
import { h } from './dom.js';
import { formatInt } from './format.js';

/**
 * @import { CaseChange, RunComparison } from '../compare-runs.js'
 */

/**
 * What `holodeck compare` warns of: a run that did not finish is compared on the cases it finished, and the
 * cases it never ran read as removed (or added) — not as changes of the agent.
 * @param {RunComparison} comparison
 */
export function unfinishedNotice(comparison) {
  const said = /** @type {const} */ ([
    ['A', comparison.a],
    ['B', comparison.b],
  ])
    .filter(([, run]) => run.state !== 'completed')
    .map(([label, run]) => {
      const missing = run.interrupted
        ? `: ${formatInt(run.interrupted.not_run)} of its ${formatInt(run.interrupted.selected_tests)} test cases did not run`
        : '';
      return `Run ${label} did not finish (${run.state})${missing}.`;
    });
  if (said.length === 0) return null;
  return h(
    'div',
    { className: 'notice notice-warn', role: 'status' },
    `${said.join(' ')} Its figures are of the test cases that finished; a case it never ran shows as removed or added, not as a change.`,
  );
}

/**
 * What `holodeck compare` says first, computed once for both (core/compare-notices.ts): cases not run in B, cases
 * that asked otherwise or are judged by other checks, another judge, other repeat settings, another agent.
 * @param {RunComparison} comparison
 */
export function comparisonNotices(comparison) {
  return comparison.notices.map((notice) =>
    h('div', { className: 'notice notice-warn', role: 'status', dataset: { notice: notice.kind } }, `${notice.text}.`),
  );
}

/** A case judged by other metrics or thresholds in B: its verdict may have changed with them. @param {CaseChange} c */
export const checksChip = (c) =>
  c.checks_changed.length === 0
    ? null
    : h(
        'span',
        { className: 'chip chip-warn checks-changed', title: `checks changed: ${c.checks_changed.join(', ')}` },
        'checks changed',
      );
