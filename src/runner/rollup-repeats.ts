/**
 * `--repeat N`: the repeats of one test case rolled up into its result. The case's status comes from its pass
 * rate (core/status.ts `repeatedCaseStatus`); its other fields are those of the first repeat with that status
 * (so reports show a failing repeat's reasons for a failing case), with token usage, time and cost summed over
 * the repeats. Every repeat stays in `repeats`, and `repeat_stats` holds the counts of the case and its turns.
 */
import { costFields, sumCosts } from '../core/cost.js';
import { passCounts } from '../core/pass-counts.js';
import type { RepeatStats, TestResult, TurnRepeatStats } from '../core/results.js';
import { repeatedCaseStatus, type Status, verdict } from '../core/status.js';
import { addUsage, ZERO_USAGE } from '../core/token-usage.js';

export function rollupRepeats(repeats: readonly TestResult[], minPassRate: number): TestResult {
  const first = repeats[0];
  if (first === undefined) throw new RangeError('rollupRepeats needs at least one repeat');
  const statuses = repeats.map((repeat) => repeat.status);
  const status = repeatedCaseStatus(statuses, minPassRate);
  const shown = repeats.find((repeat) => repeat.status === status) ?? first;
  // The shown repeat's own cost gives way to the sum over the repeats.
  const { repeats: _nested, repeat_stats: _stats, cost_usd: _usd, cost: _cost, ...fields } = shown;
  const turns = first.turns === undefined ? undefined : turnStats(repeats);
  const repeat_stats: RepeatStats = {
    ...passCounts(statuses),
    min_pass_rate: minPassRate,
    ...(turns === undefined ? {} : { turns }),
  };
  const cost = sumCosts(repeats);
  return {
    ...fields,
    ...verdict(status),
    execution_time_ms: repeats.reduce((sum, repeat) => sum + repeat.execution_time_ms, 0),
    token_usage: repeats.reduce((sum, repeat) => addUsage(sum, repeat.token_usage), ZERO_USAGE),
    ...(cost === null ? {} : costFields(cost)),
    timestamp: first.timestamp,
    repeats: repeats.map(({ repeats: _r, repeat_stats: _s, ...repeat }) => repeat as TestResult),
    repeat_stats,
  };
}

/** Each turn over the repeats; a turn a repeat does not have (it cannot, all run the same case) counts as skipped. */
function turnStats(repeats: readonly TestResult[]): TurnRepeatStats[] {
  const count = Math.max(...repeats.map((repeat) => repeat.turns?.length ?? 0));
  return Array.from({ length: count }, (_, index) => {
    const statuses: Status[] = repeats.map((repeat) => repeat.turns?.[index]?.status ?? 'skipped');
    return { turn_index: index, ...passCounts(statuses) };
  });
}
