// @ts-check
/** Tool calls of an exchange (arguments, results, errors) and its expected-tool assertions. */
import { h } from './dom.js';
import { section } from './exchange-section.js';
import { formatDuration, inlineValue } from './format.js';
import { badge, statusIcon, textBlock, valueBlock } from './widgets.js';

/**
 * @import { JsonValue } from '../../core/json.js'
 * @import { ToolAssertionResult } from '../../core/results.js'
 * @import { ToolInvocation } from '../../core/tool-invocation.js'
 * @import { Exchange } from './view-turn.js'
 */

/**
 * An expected tool: an assertion's outcome (`tool`) or, in older records, the expected tool itself (`name`).
 * @typedef {{
 *   readonly tool?: string,
 *   readonly name?: string,
 *   readonly args: Readonly<Record<string, JsonValue>> | null,
 *   readonly count: number,
 * }} Expectation
 */

/**
 * `a=206588`, `b≈181001`, `c~/^20.*$/`: the matcher kinds of expected arguments.
 * @param {string} name
 * @param {JsonValue} expected
 */
function expectedArg(name, expected) {
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected)) {
    // Array.isArray does not narrow a readonly array away: what is left is a JSON object.
    const matcher = /** @type {{ readonly [key: string]: JsonValue }} */ (expected);
    const keys = Object.keys(matcher);
    if (keys.length === 1 && keys[0] === 'fuzzy')
      return h('span', { className: 'arg', title: 'fuzzy match' }, `${name} ≈ ${String(matcher['fuzzy'])}`);
    if (keys.length === 1 && keys[0] === 'regex')
      return h('span', { className: 'arg', title: 'regex (full match)' }, `${name} ~ /${String(matcher['regex'])}/`);
  }
  return h('span', { className: 'arg', title: 'exact' }, `${name} = ${inlineValue(expected)}`);
}

/** @param {Expectation} assertion */
function expectation(assertion) {
  const args = assertion.args ? Object.entries(assertion.args).map(([name, value]) => expectedArg(name, value)) : [];
  return h(
    'span',
    { className: 'expectation mono' },
    h('span', { className: 'tool-name' }, assertion.tool ?? assertion.name),
    args.length > 0
      ? h(
          'span',
          { className: 'args' },
          '(',
          args.flatMap((arg, i) => (i === 0 ? [arg] : [', ', arg])),
          ')',
        )
      : null,
    assertion.count > 1 ? h('span', { className: 'muted' }, ` ×${assertion.count}`) : null,
  );
}

/**
 * @param {Element} root
 * @param {number} index
 */
function flashCall(root, index) {
  /** @type {HTMLElement | null} */
  const target = root.querySelector(`[data-call-index="${index}"]`);
  if (!target) return;
  target.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  target.classList.remove('flash');
  void target.offsetWidth;
  target.classList.add('flash');
}

/**
 * The calls an entry holds: under distinct_calls those assigned to it, else its first matching call.
 * @param {ToolAssertionResult} assertion
 * @returns {readonly number[]}
 */
function heldCalls(assertion) {
  return Array.isArray(assertion.assigned_calls) ? assertion.assigned_calls : [assertion.matched_call_index];
}

/** @param {ToolAssertionResult} assertion */
function matchedText(assertion) {
  const assigned = assertion.assigned_calls;
  if (Array.isArray(assigned) && assigned.length > 0) {
    return `assigned call${assigned.length > 1 ? 's' : ''} ${assigned.map((index) => `#${index}`).join(', ')}`;
  }
  const more = assertion.matching_calls > 1 ? ` (${assertion.matching_calls} matching calls)` : '';
  return `matched call #${assertion.matched_call_index}${more}`;
}

/**
 * @param {ToolAssertionResult} assertion
 * @param {Element} container
 */
function assertionItem(assertion, container) {
  const outcome = assertion.passed
    ? h(
        'button',
        {
          type: 'button',
          className: 'link-button',
          on: { click: () => flashCall(container, assertion.matched_call_index) },
        },
        matchedText(assertion),
      )
    : h(
        'span',
        { className: 'reason bad' },
        assertion.reason ?? `${assertion.matching_calls} of ${assertion.count} required calls matched`,
      );
  return h(
    'li',
    { className: `assertion ${assertion.passed ? 'is-passed' : 'is-failed'}` },
    statusIcon(assertion.passed ? 'passed' : 'failed'),
    expectation(assertion),
    h('span', { className: 'sep' }, '—'),
    outcome,
  );
}

/**
 * @param {Exchange} exchange
 * @param {Element} container
 */
export function assertionsSection(exchange, container) {
  if (exchange.arg_match_details.length > 0) {
    return section(
      'Expected tools',
      h(
        'ul',
        { className: 'assertions' },
        exchange.arg_match_details.map((a) => assertionItem(a, container)),
      ),
    );
  }
  if (!exchange.expected_tools || exchange.expected_tools.length === 0) return null;
  const passed = exchange.tools_matched !== false;
  const called = exchange.tool_calls.length === 0 ? 'none' : exchange.tool_calls.join(', ');
  return section(
    'Expected tools',
    h(
      'ul',
      { className: 'assertions' },
      exchange.expected_tools.map((tool) =>
        h(
          'li',
          { className: `assertion ${passed ? 'is-passed' : 'is-failed'}` },
          statusIcon(passed ? 'passed' : 'failed'),
          expectation(tool),
          h('span', { className: 'sep' }, '—'),
          h(
            'span',
            { className: passed ? 'muted' : 'reason bad' },
            passed ? 'called' : `not matched (called: ${called})`,
          ),
        ),
      ),
    ),
  );
}

/**
 * @param {ToolInvocation} invocation
 * @param {number} index
 * @param {readonly string[]} matchedBy
 */
function toolCall(invocation, index, matchedBy) {
  return h(
    'li',
    { className: `tool-call${invocation.error ? ' has-error' : ''}`, dataset: { callIndex: index } },
    h(
      'div',
      { className: 'tool-call-head' },
      h('span', { className: 'muted mono' }, `#${index}`),
      h('span', { className: 'tool-name mono' }, invocation.name),
      matchedBy.length > 0 ? h('span', { className: 'tag tag-good', title: matchedBy.join('\n') }, 'asserted') : null,
      invocation.error ? badge('error') : null,
      h('span', { className: 'spacer' }),
      invocation.duration_ms === null
        ? null
        : h('span', { className: 'muted' }, formatDuration(invocation.duration_ms)),
    ),
    h(
      'div',
      { className: 'tool-call-part' },
      h('span', { className: 'part-label' }, 'args'),
      valueBlock(invocation.args, 'arguments'),
    ),
    invocation.error
      ? h(
          'div',
          { className: 'tool-call-part' },
          h('span', { className: 'part-label bad' }, 'error'),
          textBlock(invocation.error, 'error-text'),
        )
      : h(
          'div',
          { className: 'tool-call-part' },
          h('span', { className: 'part-label' }, 'result'),
          valueBlock(invocation.result, 'result'),
        ),
  );
}

/** @param {Exchange} exchange */
export function toolCallsSection(exchange) {
  const calls = exchange.tool_invocations;
  if (calls.length === 0) return section('Tool calls', h('div', { className: 'muted' }, 'No tools called.'));
  const matchedBy = calls.map((_, index) =>
    exchange.arg_match_details.filter((a) => a.passed && heldCalls(a).includes(index)).map((a) => a.tool),
  );
  return section(
    `Tool calls (${calls.length})`,
    h(
      'ol',
      { className: 'tool-calls' },
      calls.map((call, index) => toolCall(call, index, matchedBy[index] ?? [])),
    ),
  );
}
