/**
 * The cost of a turn, a test case and a run: the agent's calls and the judge's, each priced by its model.
 * A part that used tokens on a model without a price is unknown (null), never 0; the priced part is kept
 * beside it, so reports can say "at least $x". Sums are element-wise, as for token usage. Answers served from a
 * cassette or the cache are priced from their recorded usage like the others, and kept apart (`stored`) from what the run paid
 * (`spent_usd`).
 */
import { type PricedModel, priceUsage, roundUsd, usedTokens } from './model-price.js';
import type { CostBreakdown, CostFields, StoredCost } from './results.js';
import {
  addUsage,
  type CallUsage,
  NO_STORED_USAGE,
  type StoredUsage,
  subtractUsage,
  type TokenUsage,
  ZERO_USAGE,
} from './token-usage.js';

/** The models whose calls a run pays for. */
export interface RunPricing {
  /** The agent model; null when the agent has no model of ours (a module agent without `model:`). */
  readonly agent: PricedModel | null;
  /** The judge model of geval and rag metrics, when there is one. */
  readonly judge: PricedModel | null;
}

/** Ends an `unpriced_models` entry whose calls reported no token usage (priced or not, their cost is unknown). */
export const USAGE_UNREPORTED = ' (no token usage reported)';

/**
 * Ends an `unpriced_models` entry whose request was sent and then abandoned before it answered (the turn's time
 * limit, an interrupt): the provider may go on and bill it, so its cost is unknown, never 0.
 */
export const USAGE_ABANDONED = ' (request abandoned before it answered)';

/** The endings of `unpriced_models` entries whose calls' token usage is unknown (priced model or not). */
export const USAGE_UNKNOWN_ENDINGS: readonly string[] = [USAGE_UNREPORTED, USAGE_ABANDONED];

/** Whether some call counted in `cost` has unknown token usage: its token counts are a lower bound. */
export function usageUnknown(cost: CostBreakdown | undefined): boolean {
  return (cost?.unpriced_models ?? []).some((model) => USAGE_UNKNOWN_ENDINGS.some((end) => model.endsWith(end)));
}

const NO_STORED_COST: StoredCost = Object.freeze({ calls: 0, usd: 0, priced_usd: 0 });

export const ZERO_COST: CostBreakdown = Object.freeze({
  agent_usd: 0,
  judge_usd: 0,
  priced_usd: 0,
  unpriced_models: Object.freeze([]) as readonly string[],
  judge_calls: 0,
  judge_token_usage: ZERO_USAGE,
  spent_usd: 0,
  stored: NO_STORED_COST,
});

/**
 * What a turn cost: the agent's usage (`stored`: the part of it answered from a cassette or the cache) and
 * each judge call's. Answers served so are priced from their recorded usage, and not counted as spent.
 * `unreportedCalls`: agent calls answered with no usable token counts; `abandonedCalls`: agent requests sent and
 * abandoned before they answered. Either makes the agent's part unknown.
 */
export function turnCost(
  pricing: RunPricing,
  agentUsage: TokenUsage,
  judgeUsages: readonly CallUsage[],
  stored: StoredUsage = NO_STORED_USAGE,
  unreportedCalls = 0,
  abandonedCalls = 0,
): CostBreakdown {
  const judges = (servedNow: boolean) =>
    judgeUsages.filter((call) => call.stored !== servedNow).map((call) => call.usage);
  const counted = partsCost(pricing, subtractUsage(agentUsage, stored.token_usage), judges(true));
  // A call whose usage is unknown cost something unknown: the agent's part is unknown.
  const label = pricing.agent?.label ?? 'the agent';
  const unknown = [
    ...(unreportedCalls === 0 ? [] : [`${label}${USAGE_UNREPORTED}`]),
    ...(abandonedCalls === 0 ? [] : [`${label}${USAGE_ABANDONED}`]),
  ];
  const made =
    unknown.length === 0
      ? counted
      : { ...counted, agent_usd: null, unpriced_models: [...new Set([...counted.unpriced_models, ...unknown])].sort() };
  const served = partsCost(pricing, stored.token_usage, judges(false));
  return {
    ...addParts(made, served),
    spent_usd: costUsd(made),
    stored: { calls: stored.calls + judges(false).length, usd: costUsd(served), priced_usd: served.priced_usd },
  };
}

function partsCost(pricing: RunPricing, agentUsage: TokenUsage, judgeUsages: readonly TokenUsage[]): CostBreakdown {
  const agent = partCost(pricing.agent, agentUsage, 'the agent (no model configured)');
  const judgeUsage = judgeUsages.reduce(addUsage, ZERO_USAGE);
  const judge = partCost(pricing.judge, judgeUsage, 'the judge (no model configured)');
  return {
    agent_usd: agent.usd,
    judge_usd: judge.usd,
    priced_usd: roundUsd((agent.usd ?? 0) + (judge.usd ?? 0)),
    unpriced_models: [...new Set([...agent.unpriced, ...judge.unpriced])].sort(),
    judge_calls: judgeUsages.length,
    judge_token_usage: judgeUsage,
  };
}

function partCost(model: PricedModel | null, usage: TokenUsage, nobody: string) {
  if (!usedTokens(usage)) return { usd: 0, unpriced: [] };
  if (model === null || model.price === null) return { usd: null, unpriced: [model?.label ?? nobody] };
  return { usd: priceUsage(usage, model.price), unpriced: [] };
}

export function addCost(a: CostBreakdown, b: CostBreakdown): CostBreakdown {
  const [x, y] = [storedOf(a), storedOf(b)];
  return {
    ...addParts(a, b),
    spent_usd: addKnown(spentOf(a), spentOf(b)),
    stored: {
      calls: x.calls + y.calls,
      usd: addKnown(x.usd, y.usd),
      priced_usd: roundUsd(x.priced_usd + y.priced_usd),
    },
  };
}

function addParts(a: CostBreakdown, b: CostBreakdown): CostBreakdown {
  return {
    agent_usd: addKnown(a.agent_usd, b.agent_usd),
    judge_usd: addKnown(a.judge_usd, b.judge_usd),
    priced_usd: roundUsd(a.priced_usd + b.priced_usd),
    unpriced_models: [...new Set([...a.unpriced_models, ...b.unpriced_models])].sort(),
    judge_calls: a.judge_calls + b.judge_calls,
    judge_token_usage: addUsage(a.judge_token_usage, b.judge_token_usage),
  };
}

/** What was paid: all of the cost in results written before served answers were told apart. */
export function spentOf(cost: CostBreakdown): number | null {
  return cost.spent_usd === undefined ? costUsd(cost) : cost.spent_usd;
}

export function storedOf(cost: CostBreakdown): StoredCost {
  return cost.stored ?? NO_STORED_COST;
}

/** The priced part of what was paid (what `--max-cost` counts). */
export function spentPricedUsd(cost: CostBreakdown): number {
  return roundUsd(Math.max(0, cost.priced_usd - storedOf(cost).priced_usd));
}

function addKnown(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : roundUsd(a + b);
}

/** The total, or null when a part is unknown. */
export function costUsd(cost: CostBreakdown): number | null {
  return cost.agent_usd === null || cost.judge_usd === null ? null : roundUsd(cost.agent_usd + cost.judge_usd);
}

/** `cost_usd` and `cost` of a turn, test case or summary. */
export function costFields(cost: CostBreakdown): Required<CostFields> {
  return { cost_usd: costUsd(cost), cost };
}

/** A part that carries no cost (written before cost was counted): free when it used no tokens, else unknown. */
const UNCOUNTED: CostBreakdown = Object.freeze({ ...ZERO_COST, agent_usd: null, spent_usd: null });

/**
 * The cost of turns or test cases together, or null when none of them carries a cost (results of a runner
 * given no prices). A part without one counts as unknown when it used tokens.
 */
export function sumCosts(parts: readonly (CostFields & { readonly token_usage: TokenUsage })[]): CostBreakdown | null {
  if (!parts.some((part) => part.cost !== undefined)) return null;
  return parts.reduce((sum, part) => addCost(sum, costOfPart(part)), ZERO_COST);
}

export function costOfPart(part: CostFields & { readonly token_usage: TokenUsage }): CostBreakdown {
  return part.cost ?? (usedTokens(part.token_usage) ? UNCOUNTED : ZERO_COST);
}
