// @ts-check
/**
 * #/run/<id>/case/<n> — one test case. Multi-turn cases list every turn as an expandable row (failing turns
 * open); a single-turn case is one exchange. "Why it failed" names each failing turn and its reasons first.
 */
import { getCase } from './api.js';
import { h, mount } from './dom.js';
import { formatDateTime, formatDuration, formatInt, formatTokens, turnLabel, turnsLabel } from './format.js';
import { costFigures } from './format-cost.js';
import { repeatsCard, selectedRepeat } from './repeats-card.js';
import { caseHref, runHref } from './router.js';
import { exchangeBody, exchangeOfCase } from './view-turn.js';
import { badge, card, errorBox, lazyDetails, loading, stat } from './widgets.js';

/**
 * @import { TestResult, TurnResult } from '../../core/results.js'
 * @import { Status } from '../../core/status.js'
 * @import { CaseDetail } from '../dashboard-types.js'
 * @import { CaseRoute, ViewHandle } from './router.js'
 */

/**
 * The recorded status (passed, failed, error, skipped); results from before statuses existed fall back.
 * @param {{ readonly status?: Status | null, readonly skipped?: boolean, readonly passed?: boolean | null }} result
 */
function statusOf(result) {
  if (result.status) return result.status;
  if (result.skipped) return 'skipped';
  return result.passed ? 'passed' : 'failed';
}

/**
 * @param {string} text
 * @param {number} [max]
 */
function oneLine(text, max = 140) {
  const flat = String(text).replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/**
 * @param {TurnResult} turn
 * @param {number} turnCount
 */
function turnSummary(turn, turnCount) {
  const status = statusOf(turn);
  const metricsPassed = turn.metric_results.filter((m) => !m.skipped && m.passed === true).length;
  const metricsRun = turn.metric_results.filter((m) => !m.skipped).length;
  const toolErrors = turn.tool_invocations.filter((call) => call.error !== null && call.error !== undefined).length;
  return [
    h('span', { className: 'turn-label' }, turnLabel(turn.turn_index, turnCount)),
    badge(status),
    h('span', { className: 'turn-preview', title: turn.input }, oneLine(turn.input)),
    h(
      'span',
      { className: 'turn-chips' },
      turn.tool_invocations.length > 0
        ? h(
            'span',
            { className: 'chip' },
            `${turn.tool_invocations.length} tool call${turn.tool_invocations.length === 1 ? '' : 's'}`,
          )
        : null,
      toolErrors > 0
        ? h(
            'span',
            { className: 'chip chip-bad chip-tool-error', title: 'tool calls that returned an error' },
            `${toolErrors} tool error${toolErrors === 1 ? '' : 's'}`,
          )
        : null,
      metricsRun > 0
        ? h(
            'span',
            { className: `chip${metricsPassed < metricsRun ? ' chip-bad' : ''}` },
            `metrics ${metricsPassed}/${metricsRun}`,
          )
        : null,
      h('span', { className: 'chip' }, formatDuration(turn.execution_time_ms)),
      h('span', { className: 'chip' }, `${formatTokens(turn.token_usage.total_tokens)} tok`),
    ),
  ];
}

/**
 * @param {TurnResult} turn
 * @param {number} turnCount
 * @param {number | null} openTurn
 */
function turnRow(turn, turnCount, openTurn) {
  const status = statusOf(turn);
  const open = openTurn === null ? status === 'failed' || status === 'error' : openTurn === turn.turn_index;
  const details = lazyDetails(turnSummary(turn, turnCount), () => exchangeBody(turn), `turn status-${status}`, open);
  details.dataset['turnIndex'] = String(turn.turn_index);
  details.id = `turn-${turn.turn_index}`;
  return details;
}

/**
 * @param {HTMLElement} root
 * @param {number} turnIndex
 */
function goToTurn(root, turnIndex) {
  /** @type {HTMLDetailsElement | null} */
  const details = root.querySelector(`details.turn[data-turn-index="${Number(turnIndex)}"]`);
  if (!details) return;
  details.open = true;
  details.scrollIntoView({ block: 'start', behavior: 'smooth' });
}

/**
 * @param {CaseDetail} detail
 * @param {HTMLElement} root
 */
function whyItFailed(detail, root) {
  if (detail.failures.length === 0) return null;
  const items = detail.failures.map((failure) =>
    h(
      'li',
      { className: `failure state-${failure.state}` },
      failure.turn_index === null
        ? h('span', { className: 'failure-where' }, detail.result.turns ? 'Test case' : 'Failed')
        : h(
            'button',
            {
              type: 'button',
              className: 'link-button failure-where',
              on: { click: () => goToTurn(root, /** @type {number} */ (failure.turn_index)) },
            },
            turnLabel(failure.turn_index, detail.result.turns?.length ?? null),
          ),
      failure.state === 'skipped' || failure.state === 'error' ? badge(failure.state) : null,
      h(
        'ul',
        { className: 'reasons' },
        failure.reasons.map((reason) => h('li', {}, reason)),
      ),
    ),
  );
  return card('Why it failed', { className: 'why-failed' }, h('ul', { className: 'failures' }, items));
}

/** @param {CaseDetail} detail */
function caseNav(detail) {
  /**
   * @param {number | null} index
   * @param {string} text
   */
  const link = (index, text) =>
    index === null
      ? h('span', { className: 'button disabled' }, text)
      : h('a', { className: 'button', href: caseHref(detail.run_id, index) }, text);
  return h(
    'nav',
    { className: 'case-nav' },
    h('a', { className: 'button', href: runHref(detail.run_id) }, '‹ All test cases'),
    h(
      'span',
      { className: 'muted' },
      `Test case #${detail.index} · ${formatInt(detail.position + 1)} of ${formatInt(detail.total)}`,
    ),
    h('span', { className: 'spacer' }),
    link(detail.previous_failed, '‹ Previous failing'),
    link(detail.next_failed, 'Next failing ›'),
  );
}

/** @param {CaseDetail} detail */
function caseHead(detail) {
  const result = detail.result;
  const turns = result.turns;
  const passedTurns = turns ? turns.filter((t) => t.passed && !t.skipped).length : 0;
  return h(
    'div',
    { className: 'page-head' },
    h(
      'div',
      { className: 'page-title' },
      h('h1', { className: 'case-title' }, result.test_name),
      badge(statusOf(result)),
      turns
        ? h(
            'span',
            { className: `turns-label${passedTurns < turns.length ? ' bad' : ''}` },
            turnsLabel(turns.length, passedTurns),
          )
        : h('span', { className: 'muted' }, 'single turn'),
    ),
    h(
      'div',
      { className: 'stats small' },
      stat('Duration', formatDuration(result.execution_time_ms)),
      stat(
        'Tokens',
        formatTokens(result.token_usage.total_tokens),
        `${formatInt(result.token_usage.prompt_tokens)} prompt · ${formatInt(result.token_usage.completion_tokens)} completion`,
      ),
      costStat(result),
      stat('Tool calls', formatInt(result.tool_invocations.length)),
      stat('Finished', formatDateTime(result.timestamp)),
    ),
  );
}

/** @param {TestResult} result */
function costStat(result) {
  const cost = costFigures(result);
  return cost === null ? null : stat('Cost', cost.value, cost.detail);
}

/**
 * @param {HTMLElement} root
 * @param {CaseRoute} route
 * @returns {ViewHandle}
 */
export function renderCase(root, route) {
  mount(root, loading());
  const openParam = route.params.get('turn');
  const openTurn = openParam !== null && /^[0-9]+$/.test(openParam) ? Number(openParam) : null;
  getCase(route.id, route.index).then(
    (detail) => {
      // `?repeat=<n>`: the turns of that repeat (--repeat); else the case's own.
      const repeat = selectedRepeat(detail.result, route.params.get('repeat'));
      // selectedRepeat gives a position only when the case has its repeats.
      const repeatResults = detail.result.repeats ?? [];
      const result = repeat === null ? detail.result : /** @type {TestResult} */ (repeatResults[repeat]);
      const of = repeat === null ? '' : ` of repeat ${repeat + 1}/${repeatResults.length}`;
      const turns = result.turns;
      const body = turns
        ? card(
            `Turns (${turns.length})${of}`,
            { className: 'turns-card' },
            h(
              'div',
              { className: 'turns' },
              turns.map((turn) => turnRow(turn, turns.length, openTurn)),
            ),
          )
        : card(`Exchange${of}`, { className: 'exchange-card' }, exchangeBody(exchangeOfCase(result)));
      const repeats = repeatsCard(detail, repeat);
      mount(root, caseNav(detail), caseHead(detail), whyItFailed(detail, root), repeats, body);
      if (openTurn !== null) goToTurn(root, openTurn);
    },
    (error) => mount(root, errorBox(error)),
  );
  return {};
}
