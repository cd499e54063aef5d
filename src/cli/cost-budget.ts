/**
 * `--max-cost USD`: counts what finished test cases cost and, once that reaches the budget, stops scheduling
 * (running cases finish; the run is saved as interrupted and can be resumed). Answers served from a cassette or
 * the cache cost nothing now and are not counted. Calls without a price cannot be counted: a run where no model
 * has a price is refused, one where some have none is warned about.
 */
import { type RunPricing, spentPricedUsd, USAGE_ABANDONED, USAGE_UNREPORTED } from '../core/cost.js';
import { escapeControlChars } from '../core/display-controls.js';
import { formatUsd } from '../core/format-cost.js';
import type { Reporter } from '../core/reporter.js';
import type { TestResult } from '../core/results.js';
import { writeWarnings } from './case-warnings.js';
import { unpricedModels } from './run-pricing.js';

export interface CostBudget {
  /** Counts finished cases (with --repeat, finished repeats); put it among the run's reporters. */
  readonly reporter: Reporter;
  /** Aborted when the spent cost reaches the budget. */
  readonly stop: AbortSignal;
  /** What this session's finished cases cost (their priced part). */
  spent(): number;
}

export type BudgetCheck =
  | { readonly ok: true; readonly warnings: readonly string[] }
  | { readonly ok: false; readonly message: string };

/** Whether `--max-cost` can count this run's calls. */
export function checkBudget(maxUsd: number, pricing: RunPricing): BudgetCheck {
  const missing = unpricedModels(pricing);
  if (missing.length === 0) return { ok: true, warnings: [] };
  const how = 'add pricing: { input_per_mtok: …, output_per_mtok: … } to its model block';
  const priced = pricing.agent?.price != null || pricing.judge?.price != null;
  if (!priced) {
    return {
      ok: false,
      message: `--max-cost ${formatUsd(maxUsd)} cannot count any call: no price for ${missing.join(', ')}; ${how}`,
    };
  }
  return {
    ok: true,
    warnings: [`--max-cost counts priced calls only: no price for ${missing.join(', ')}, whose calls are not counted`],
  };
}

const BUDGET_EPSILON_USD = 1e-11;

/** Why calls could not be counted: no token counts reported, or a request abandoned before it answered. */
export type UncountedWhy = 'unreported' | 'abandoned';

const UNCOUNTED_KINDS: readonly (readonly [string, UncountedWhy])[] = [
  [USAGE_UNREPORTED, 'unreported'],
  [USAGE_ABANDONED, 'abandoned'],
];

const UNCOUNTED_SAID: Readonly<Record<UncountedWhy, string>> = {
  unreported: 'the provider reported no token usage for them',
  abandoned:
    'a request abandoned before it answered (the time limit, an interrupt) may still be billed, for tokens unknown',
};

export function createCostBudget(
  maxUsd: number,
  onReached: (spentUsd: number) => void,
  onUncounted: (models: readonly string[], why: UncountedWhy) => void = () => {},
): CostBudget {
  const controller = new AbortController();
  let spent = 0;
  const uncountedSaid = new Set<UncountedWhy>();
  // With --repeat, each repeat is counted as it finishes: a case finishes only with its last repeat, and
  // repeats run round by round, so counting cases would let nearly the whole run be spent before the first.
  const repeated = new Set<number>();
  const count = (result: TestResult) => {
    // Answers served from a cassette or the cache cost nothing now.
    spent += result.cost === undefined ? 0 : spentPricedUsd(result.cost);
    // Calls whose usage is unknown (no token counts reported, a request abandoned before it answered) cannot be
    // counted: each kind said once, when first seen.
    for (const [ending, why] of UNCOUNTED_KINDS) {
      const uncounted = result.cost?.unpriced_models.filter((model) => model.endsWith(ending)) ?? [];
      if (uncounted.length === 0 || uncountedSaid.has(why)) continue;
      uncountedSaid.add(why);
      onUncounted(
        uncounted.map((model) => model.slice(0, -ending.length)),
        why,
      );
    }
    // A sum of binary fractions falls a hair short of the figure it makes (0.00013 × 3 < 0.00039): a budget
    // within a billionth of a cent of the spent sum is reached.
    if (spent >= maxUsd - BUDGET_EPSILON_USD && !controller.signal.aborted) {
      onReached(spent);
      controller.abort(new Error(`--max-cost ${formatUsd(maxUsd)} reached`));
    }
  };
  return {
    reporter: {
      onRepeatEnd: (result, index) => {
        repeated.add(index);
        count(result);
      },
      onTestCaseEnd: (result, index) => {
        if (!repeated.has(index)) count(result);
      },
    },
    stop: controller.signal,
    spent: () => spent,
  };
}

/**
 * The budget of a run given `--max-cost`, or null without it; an exit code when it cannot count any call.
 * Warnings and the moment the budget is reached are told on stderr.
 */
export function budgetFor(maxUsd: number | undefined, pricing: RunPricing): CostBudget | null | 2 {
  if (maxUsd === undefined) return null;
  const check = checkBudget(maxUsd, pricing);
  if (!check.ok) {
    process.stderr.write(`error: ${check.message}\n`);
    return 2;
  }
  writeWarnings(check.warnings);
  return createCostBudget(
    maxUsd,
    (spent) =>
      process.stderr.write(
        `\n--max-cost ${formatUsd(maxUsd)} reached: what finished cost ${formatUsd(spent)}; no new test case (or repeat) starts, running ones finish\n`,
      ),
    (models, why) =>
      process.stderr.write(
        `\nwarning: --max-cost cannot count calls of ${escapeControlChars(models.join(', '))}: ${UNCOUNTED_SAID[why]}\n`,
      ),
  );
}
