// @ts-check
/**
 * A test case run N times (`--repeat N`): how many repeats passed, pass@k and pass^k for k = 1..N, each
 * turn's pass rate as a small bar, and a link to open every repeat (`?repeat=<n>`, 0-based) in the case view.
 */
import { h } from './dom.js';
import { formatPercent, turnLabel } from './format.js';
import { caseHref } from './router.js';
import { card, passBar, statusIcon } from './widgets.js';

/**
 * @import { RepeatStats, TestResult, TurnRepeatStats } from '../../core/results.js'
 * @import { CaseDetail } from '../dashboard-types.js'
 */

/**
 * @param {string} runId
 * @param {number} index
 * @param {number} repeat
 */
export function repeatHref(runId, index, repeat) {
  return `${caseHref(runId, index)}?repeat=${repeat}`;
}

/**
 * The repeat asked for by `?repeat=`, or null (the case's own fields, those of its first repeat with its status).
 * @param {TestResult} result
 * @param {string | null} param
 * @returns {number | null}
 */
export function selectedRepeat(result, param) {
  if (param === null || !/^[0-9]{1,4}$/.test(param) || !Array.isArray(result.repeats)) return null;
  const index = Number(param);
  return index < result.repeats.length ? index : null;
}

/** @param {boolean} flaky */
function flakyChip(flaky) {
  return flaky
    ? h('span', { className: 'chip chip-bad chip-flaky', title: 'some repeats passed, some did not' }, 'flaky')
    : null;
}

/** @param {readonly TurnRepeatStats[]} turns */
function turnRows(turns) {
  const count = turns.length;
  return turns.map((turn) =>
    h(
      'tr',
      { className: 'repeat-turn', dataset: { turnIndex: String(turn.turn_index) } },
      h('td', {}, turnLabel(turn.turn_index, count)),
      h('td', {}, passBar(turn.pass_rate, turn.runs)),
      h('td', { className: 'num' }, `${turn.passed}/${turn.runs}`),
      h('td', {}, flakyChip(turn.flaky)),
    ),
  );
}

/** @param {RepeatStats} stats */
function estimatorTable(stats) {
  return h(
    'table',
    { className: 'table compact repeat-estimators' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ['k', 'pass@k', 'pass^k'].map((t) => h('th', {}, t)),
      ),
    ),
    h(
      'tbody',
      {},
      stats.pass_at_k.map((at, i) =>
        h(
          'tr',
          {},
          h('td', { className: 'num' }, String(i + 1)),
          h('td', { className: 'num' }, at.toFixed(3)),
          h('td', { className: 'num' }, (stats.pass_hat_k[i] ?? 0).toFixed(3)),
        ),
      ),
    ),
  );
}

/**
 * @param {CaseDetail} detail
 * @param {readonly TestResult[]} runs the case's repeats
 * @param {number | null} selected
 */
function repeatLinks(detail, runs, selected) {
  return h(
    'nav',
    { className: 'repeat-links', 'aria-label': 'repeats' },
    h(
      'a',
      {
        className: `button repeat-link${selected === null ? ' is-selected' : ''}`,
        href: caseHref(detail.run_id, detail.index),
      },
      'Case',
    ),
    runs.map((run, i) =>
      h(
        'a',
        {
          className: `button repeat-link status-${run.status}${selected === i ? ' is-selected' : ''}`,
          href: repeatHref(detail.run_id, detail.index, i),
          title: `repeat ${i + 1}: ${run.status}`,
          'aria-current': selected === i ? 'page' : null,
        },
        statusIcon(run.status),
        ` ${i + 1}`,
      ),
    ),
  );
}

/**
 * @param {CaseDetail} detail
 * @param {number | null} selected
 */
export function repeatsCard(detail, selected) {
  const result = detail.result;
  const stats = result.repeat_stats;
  if (!stats || !Array.isArray(result.repeats)) return null;
  const errors = stats.errored > 0 ? ` · ${stats.errored} errored` : '';
  return card(
    `Repeats (${stats.runs})`,
    { className: 'repeats-card' },
    h(
      'div',
      { className: 'repeats-summary' },
      passBar(stats.pass_rate, stats.runs),
      h('span', { className: 'repeats-count' }, `${stats.passed}/${stats.runs} repeats passed${errors}`),
      flakyChip(stats.flaky),
      h('span', { className: 'muted' }, `passes at ${formatPercent(stats.min_pass_rate)} or more`),
    ),
    repeatLinks(detail, result.repeats, selected),
    h(
      'div',
      { className: 'repeats-grid' },
      Array.isArray(stats.turns)
        ? h(
            'table',
            { className: 'table compact repeat-turns' },
            h(
              'thead',
              {},
              h(
                'tr',
                {},
                ['Turn', 'Pass rate', 'Passed', ''].map((t) => h('th', {}, t)),
              ),
            ),
            h('tbody', {}, turnRows(stats.turns)),
          )
        : null,
      estimatorTable(stats),
    ),
  );
}
