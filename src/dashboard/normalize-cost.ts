/** `cost_usd` and `cost` of a turn, case or summary read back from a record; absent when it has none. */
import type { CostFields } from '../core/results.js';
import type { TokenUsage } from '../core/token-usage.js';
import { asFields, count, type Fields, numberOrNull, textList } from './json-fields.js';

export function normalizeCost(fields: Fields): CostFields {
  const cost = asFields(fields.cost);
  if (cost === null && !('cost_usd' in fields)) return {};
  const usd = numberOrNull(fields, 'cost_usd');
  if (cost === null) return { cost_usd: usd };
  return {
    cost_usd: usd,
    cost: {
      agent_usd: numberOrNull(cost, 'agent_usd'),
      judge_usd: numberOrNull(cost, 'judge_usd'),
      priced_usd: count(cost, 'priced_usd'),
      unpriced_models: textList(cost, 'unpriced_models'),
      judge_calls: count(cost, 'judge_calls'),
      judge_token_usage: judgeUsage(asFields(cost.judge_token_usage) ?? {}),
    },
  };
}

function judgeUsage(fields: Fields): TokenUsage {
  const prompt = count(fields, 'prompt_tokens');
  const completion = count(fields, 'completion_tokens');
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: count(fields, 'total_tokens', prompt + completion),
    cache_read_tokens: count(fields, 'cache_read_tokens'),
    cache_creation_tokens: count(fields, 'cache_creation_tokens'),
  };
}
