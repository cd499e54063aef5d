// @ts-check
/**
 * The detail of one exchange (a turn, or a whole single-turn case): input, response, tool calls with their
 * arguments and results, each expected-tool assertion, each metric and grader, errors, tokens and timing.
 */
import { h } from './dom.js';
import { section } from './exchange-section.js';
import { formatDuration, formatInt } from './format.js';
import { costFigures } from './format-cost.js';
import { gradersSection, metricsSection } from './turn-metrics.js';
import { assertionsSection, toolCallsSection } from './turn-tools.js';
import { textBlock } from './widgets.js';

/**
 * @import { TestResult, TurnFields } from '../../core/results.js'
 */

/**
 * What the exchange view shows: a turn's fields, which a single-turn case maps to (exchangeOfCase).
 * @typedef {Omit<TurnFields, 'turn_index' | 'skipped'>} Exchange
 */

/** @param {Exchange} exchange */
function usageLine(exchange) {
  const usage = exchange.token_usage;
  const parts = [
    `${formatInt(usage.prompt_tokens)} prompt`,
    `${formatInt(usage.completion_tokens)} completion`,
    `${formatInt(usage.total_tokens)} total tokens`,
  ];
  if (usage.cache_read_tokens) parts.push(`${formatInt(usage.cache_read_tokens)} cache read`);
  if (usage.cache_creation_tokens) parts.push(`${formatInt(usage.cache_creation_tokens)} cache write`);
  parts.push(formatDuration(exchange.execution_time_ms));
  const cost = costFigures(exchange);
  if (cost !== null) parts.push(cost.detail === null ? cost.value : `${cost.value} (${cost.detail})`);
  if (exchange.retries) parts.push(`${exchange.retries} model ${exchange.retries === 1 ? 'retry' : 'retries'}`);
  return h('div', { className: 'usage muted' }, parts.join(' · '));
}

/**
 * exchange: a TurnResult, or a single-turn case mapped to the same fields (see exchangeOfCase).
 * @param {Exchange} exchange
 */
export function exchangeBody(exchange) {
  const body = h('div', { className: 'exchange' });
  const errors =
    exchange.errors.length === 0
      ? null
      : section(
          'Errors',
          h(
            'ul',
            { className: 'errors' },
            exchange.errors.map((e) => h('li', {}, textBlock(e, 'error-text'))),
          ),
        );
  body.append(
    ...[
      errors,
      section('Input', textBlock(exchange.input, 'input')),
      section('Response', textBlock(exchange.response, 'response')),
      exchange.ground_truth === null ? null : section('Ground truth', textBlock(exchange.ground_truth, 'ground-truth')),
      toolCallsSection(exchange),
      assertionsSection(exchange, body),
      metricsSection(exchange),
      gradersSection(exchange),
      usageLine(exchange),
    ].filter(/** @returns {part is HTMLElement} */ (part) => Boolean(part)),
  );
  return body;
}

/**
 * @param {TestResult} result
 * @returns {Exchange}
 */
export function exchangeOfCase(result) {
  return {
    input: result.test_input,
    response: result.agent_response,
    ground_truth: result.ground_truth,
    expected_tools: result.expected_tools,
    tool_calls: result.tool_calls,
    tool_invocations: result.tool_invocations,
    tools_matched: result.tools_matched,
    // Each assertion's own outcome (records from before single-turn cases carried them have none: the case's
    // verdict is shown on each then).
    arg_match_details: result.arg_match_details ?? [],
    metric_results: result.metric_results,
    grader_details: [],
    errors: result.errors,
    token_usage: result.token_usage,
    ...(result.cost_usd === undefined ? {} : { cost_usd: result.cost_usd }),
    ...(result.cost === undefined ? {} : { cost: result.cost }),
    execution_time_ms: result.execution_time_ms,
    retries: result.retries ?? 0,
  };
}
