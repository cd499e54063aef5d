/** Token counts and cost of a turn, a test case or a run, in the JSON report (see report-schema.ts). */
import { z } from 'zod';

const count = z.number().int().min(0);
const usd = z.number().min(0);

export const tokenUsageSchema = z
  .strictObject({
    prompt_tokens: count.describe('Input tokens, cached input included.'),
    completion_tokens: count.describe('Output tokens.'),
    total_tokens: count.describe('prompt_tokens + completion_tokens.'),
    cache_read_tokens: count.describe('Input tokens read from the prompt cache, as the provider reports them.'),
    cache_creation_tokens: count.describe('Input tokens written to the prompt cache, as the provider reports them.'),
  })
  .meta({ id: 'TokenUsage', description: 'Token counts; element-wise sums for turns, test cases and the run.' });

export const costBreakdownSchema = z
  .strictObject({
    agent_usd: usd
      .nullable()
      .describe("The agent model's calls; null when they used tokens and the model has no price."),
    judge_usd: usd
      .nullable()
      .describe("The judge model's calls (geval, rag); 0 when there were none; null when it has no price."),
    priced_usd: usd.describe('The priced part: cost_usd when everything has a price, else a lower bound of the cost.'),
    unpriced_models: z.array(z.string()).describe('Models that used tokens and have no price, as "provider:name".'),
    judge_calls: count.describe('Judge model calls made.'),
    judge_token_usage: tokenUsageSchema.describe("Tokens of the judge calls (the agent's are token_usage)."),
    spent_usd: usd
      .nullable()
      .optional()
      .describe(
        'What this run paid: the calls it made to a model, the answers served from a cassette or the cache left out; null when one of those calls used tokens and its model has no price. Absent in reports written before served answers were told apart (all of cost_usd was then spent).',
      ),
    stored: z
      .strictObject({
        calls: count.describe("Model calls (the agent's and the judge's) answered so."),
        usd: usd
          .nullable()
          .describe('What those answers cost at the prices of their models; null when one has no price.'),
        priced_usd: usd.describe('Their priced part: usd when every one has a price, else a lower bound.'),
      })
      .optional()
      .describe(
        'The answers served from a cassette (--replay) or the cache (--cache) instead of the model: priced in cost_usd from their recorded token usage at the prices in force now, not paid for by this run.',
      ),
  })
  .meta({ id: 'CostBreakdown', description: 'What the model calls cost, in US dollars.' });

export const costUsdSchema = usd
  .nullable()
  .optional()
  .describe(
    "Cost in US dollars of the agent's and the judge's model calls; null when a call that used tokens has no price; absent in reports written before cost was counted.",
  );

/** The cost breakdown where it sits: on a turn, a test case or the summary. */
export const costSchema = costBreakdownSchema
  .optional()
  .describe('cost_usd split by agent and judge, with what was paid now and what was served from a recording.');
