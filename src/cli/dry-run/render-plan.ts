/** The plan of a dry run as printed: the models and their prices, the tools, a table of cases, the totals. */
import { PRICES_AS_OF } from '../../core/builtin-prices.js';
import type { RunPricing } from '../../core/cost.js';
import { formatUsd } from '../../core/format-cost.js';
import type { PricedModel } from '../../core/model-price.js';
import { escapeControlChars } from '../../reporters/safe-text.js';
import type { RunPlan } from './plan-run.js';

export interface PlanHead {
  readonly agent_name: string;
  readonly pricing: RunPricing;
  /** The tools the agent is offered, as it sees them; null when the backend cannot tell. */
  readonly tool_names: readonly string[] | null;
}

const MAX_CASE_ROWS = 50;

export function renderPlan(head: PlanHead, plan: RunPlan): string[] {
  const lines = [`Plan — ${escapeControlChars(head.agent_name)} (dry run: no model is called)`];
  lines.push(`  Agent   ${modelText(head.pricing.agent, 'a module agent (its own model)')}`);
  if (head.pricing.judge !== null) lines.push(`  Judge   ${modelText(head.pricing.judge, '')}`);
  lines.push(`  Tools   ${toolsText(head.tool_names)}`);
  lines.push('', ...caseTable(plan));
  const counts = [
    `${plan.cases.length} test ${plan.cases.length === 1 ? 'case' : 'cases'}${plan.repeat === undefined ? '' : ` × ${plan.repeat} repeats`}`,
    `${plan.turns} ${plan.turns === 1 ? 'turn' : 'turns'}`,
    plan.agent_estimated
      ? `≥ ${plan.agent_calls} agent ${plan.agent_calls === 1 ? 'call' : 'calls'}`
      : `${plan.turns} agent ${plan.turns === 1 ? 'send' : 'sends'} (its model calls not estimated)`,
    `${plan.judge_calls} judge ${plan.judge_calls === 1 ? 'call' : 'calls'}`,
    `≈ ${integer(plan.input_tokens)} ${plan.agent_estimated ? 'input tokens' : 'judge input tokens'}`,
  ];
  lines.push('', `  Total   ${counts.join(' · ')}`);
  lines.push(`  Cost    ${costText(plan)}`);
  return lines;
}

function modelText(model: PricedModel | null, none: string): string {
  if (model === null) return none;
  if (model.price === null) return `${model.label} (no price: add pricing: to its model block)`;
  const source = model.source === 'config' ? 'pricing: in agent.yaml' : `built-in list price of ${PRICES_AS_OF}`;
  const { input_per_mtok: input, output_per_mtok: output } = model.price;
  return `${model.label} — ${formatUsd(input)} in / ${formatUsd(output)} out per million tokens (${source})`;
}

function toolsText(names: readonly string[] | null): string {
  if (names === null) return 'the backend does not list its tools';
  if (names.length === 0) return 'none';
  return `${names.length} connected: ${names.join(', ')}`;
}

function caseTable(plan: RunPlan): string[] {
  const tokens = plan.agent_estimated ? 'input tokens' : 'judge input tokens';
  const header = ['test case', 'turns', 'agent calls', 'judge calls', tokens];
  const rows = plan.cases
    .slice(0, MAX_CASE_ROWS)
    .map((c) => [
      escapeControlChars(c.name),
      String(c.turns),
      plan.agent_estimated ? `≥ ${c.agent_calls}` : '—',
      String(c.judge_calls),
      `≈ ${integer(c.input_tokens)}`,
    ]);
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    `  ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ')}`.trimEnd();
  const hidden = plan.cases.length - rows.length;
  return [line(header), ...rows.map(line), ...(hidden > 0 ? [`  … and ${hidden} more test cases`] : [])];
}

function costText(plan: RunPlan): string {
  if (plan.cost === null) return 'unknown: a model that would be called has no price';
  const range = `${formatUsd(plan.cost.low_usd)} – ${formatUsd(plan.cost.high_usd)}`;
  if (plan.agent_estimated) return `${range} (estimate; see "Cost" in the README)`;
  if (plan.judge_calls === 0) return 'not estimated: the module agent calls a model of its own, unseen by holodeck';
  return `${range} for the judge calls (estimate); the module agent's own model calls are not estimated`;
}

function integer(n: number): string {
  return n.toLocaleString('en-US');
}
