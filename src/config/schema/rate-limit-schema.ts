/** `rate_limit:` in a model block or under `execution:`: the provider's limits for one model. */
import { z } from 'zod';
import { ISSUE } from '../issue-codes.js';
import { addIssue, hasKey, numberField, objectRule } from './fields.js';

export const rateLimitSchema = z
  .strictObject({
    requests_per_minute: numberField(z.number().positive().max(10_000_000))
      .optional()
      .describe('Model requests started per minute, at most.'),
    tokens_per_minute: numberField(z.number().positive().max(1_000_000_000))
      .optional()
      .describe('Prompt plus completion tokens per minute, at most.'),
  })
  .check(
    objectRule((limit, ctx) => {
      if (!hasKey(limit, 'requests_per_minute') && !hasKey(limit, 'tokens_per_minute')) {
        addIssue(ctx, ISSUE.missingKey, [], '`rate_limit` needs requests_per_minute, tokens_per_minute or both', {
          target: 'value',
          hint: 'e.g. rate_limit: { requests_per_minute: 500, tokens_per_minute: 200000 }',
        });
      }
    }),
  )
  .describe(
    "The provider's rate limit for this model, e.g. { requests_per_minute: 500, tokens_per_minute: 200000 }: every case, repeat and judge calling the model shares it.",
  );

export type RateLimitInput = z.output<typeof rateLimitSchema>;
