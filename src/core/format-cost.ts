/**
 * Cost as every report writes it: `$0.0123`, `≥ $0.0123 (no price for openai:my-model)` when part of the
 * calls has no price, `unknown (no price for openai:my-model)` when nothing could be priced. Never `$0` for
 * tokens used at an unknown price; calls that used none (a request the provider refused) cost `$0` whatever the
 * price.
 */
import { spentOf, spentPricedUsd, storedOf, USAGE_ABANDONED, USAGE_UNKNOWN_ENDINGS, USAGE_UNREPORTED } from './cost.js';
import type { CostBreakdown, CostFields } from './results.js';

/** `$1.23`, `$0.0123`, `$0.000042`: four significant digits below a dollar, cents above. */
export function formatUsd(usd: number): string {
  if (!Number.isFinite(usd)) return '—';
  if (usd === 0) return '$0';
  if (usd >= 1) return `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const digits = Math.min(10, Math.max(2, 3 - Math.floor(Math.log10(usd))));
  // Trailing zeros go, but at least cents stay: `$0.10`, `$0.0123`.
  return `$${usd.toFixed(digits).replace(/(\.\d\d\d*?)0+$/, '$1')}`;
}

/** The cost of a turn, case or run; null when it carries none (results written before cost was counted). */
export function formatCost(fields: CostFields): string | null {
  const { cost_usd: usd, cost } = fields;
  if (usd === undefined && cost === undefined) return null;
  if (usd !== null && usd !== undefined) return formatUsd(usd);
  const why = unpricedNote(cost?.unpriced_models ?? []);
  if (cost === undefined || cost.priced_usd === 0) return `unknown${why}`;
  return `≥ ${formatUsd(cost.priced_usd)}${why}`;
}

/**
 * The cost with its split into agent and judge calls, when judges were called: `$0.0150 (agent $0.0120, judge
 * $0.0030)`, and what was spent when answers were served from a cassette or the cache.
 */
export function formatCostDetail(fields: CostFields): string | null {
  const text = formatCost(fields);
  const cost = fields.cost;
  if (text === null || cost === undefined) return text;
  const calls = `${cost.judge_calls} judge ${cost.judge_calls === 1 ? 'call' : 'calls'}`;
  const split =
    cost.judge_calls === 0 ? '' : ` (agent ${orUnknown(cost.agent_usd)}, ${calls} ${orUnknown(cost.judge_usd)})`;
  return `${text}${split}${spentNote(cost, 'long')}`;
}

/** The cost and, when some answers were served rather than paid for now, what was spent: `$0.0120 (spent $0)`. */
export function formatCostSpent(fields: CostFields): string | null {
  const text = formatCost(fields);
  return text === null || fields.cost === undefined ? text : `${text}${spentNote(fields.cost, 'short')}`;
}

/**
 * What this run paid, when answers came from a cassette or the cache: those are priced in the cost from their
 * recorded tokens, and were not paid for now. Nothing when every answer came from the model.
 */
function spentNote(cost: CostBreakdown, form: 'short' | 'long'): string {
  const served = storedOf(cost).calls;
  if (served === 0) return '';
  const spent = spentOf(cost);
  const priced = spentPricedUsd(cost);
  const paid = spent !== null ? formatUsd(spent) : priced > 0 ? `≥ ${formatUsd(priced)}` : 'unknown';
  if (form === 'short') return ` (spent ${paid})`;
  const answers = `${served} model ${served === 1 ? 'answer' : 'answers'}`;
  return ` · spent ${paid}: ${answers} came from a cassette or the cache and cost nothing now`;
}

const orUnknown = (usd: number | null) => (usd === null ? 'unknown' : formatUsd(usd));

function unpricedNote(models: readonly string[]): string {
  const ending = (end: string) =>
    models.filter((model) => model.endsWith(end)).map((model) => model.slice(0, -end.length));
  const unpriced = models.filter((model) => !USAGE_UNKNOWN_ENDINGS.some((end) => model.endsWith(end)));
  const unreported = ending(USAGE_UNREPORTED);
  const abandoned = ending(USAGE_ABANDONED);
  const notes = [
    ...(unpriced.length === 0 ? [] : [`no price for ${unpriced.join(', ')}`]),
    ...(unreported.length === 0 ? [] : [`no token usage reported by ${unreported.join(', ')}`]),
    ...(abandoned.length === 0
      ? []
      : [`no token usage for a request to ${abandoned.join(', ')} abandoned before it answered`]),
  ];
  return notes.length === 0 ? '' : ` (${notes.join('; ')})`;
}
