/** `model:` (and `evaluations.model:`). */
import { z } from 'zod';
import type { ProviderName } from '../../core/config-types.js';
import { ISSUE } from '../issue-codes.js';
import { addIssue, envEnum, hasKey, httpUrl, nonBlankString, numberField, objectRule } from './fields.js';
import { pricingSchema } from './pricing-schema.js';
import { rateLimitSchema } from './rate-limit-schema.js';

export const PROVIDERS = [
  'openai',
  'azure_openai',
  'anthropic',
  'ollama',
  'openai_compatible',
] as const satisfies readonly ProviderName[];

/** azure_openai's endpoint defaults to AZURE_OPENAI_ENDPOINT: checked with the API key (runnable-issues.ts). */
const ENDPOINT_REQUIRED: ReadonlySet<string> = new Set(['openai_compatible']);

export const modelSchema = z
  .strictObject({
    provider: envEnum(PROVIDERS).describe('Model provider.'),
    name: nonBlankString().describe('Model name or deployment, e.g. gpt-4o-mini.'),
    endpoint: httpUrl()
      .optional()
      .describe('Base URL; required for openai_compatible, and for azure_openai unless AZURE_OPENAI_ENDPOINT is set.'),
    api_key: z.string().optional().describe("API key; defaults to the provider's usual environment variable."),
    temperature: numberField(z.number().min(0)).optional(),
    max_tokens: numberField(z.number().int().min(1)).optional(),
    api_version: nonBlankString().optional().describe('azure_openai only: the API version.'),
    pricing: pricingSchema.optional(),
    rate_limit: rateLimitSchema.optional(),
  })
  .check(
    objectRule((model, ctx) => {
      const provider = model['provider'];
      if (typeof provider !== 'string') return;
      if (ENDPOINT_REQUIRED.has(provider) && !hasKey(model, 'endpoint')) {
        addIssue(ctx, ISSUE.endpointRequired, ['endpoint'], `provider ${provider} needs an \`endpoint\``, {
          target: 'parent',
          hint: 'add endpoint: with the base URL of the server, e.g. http://127.0.0.1:8000/v1',
        });
      }
      if (provider !== 'azure_openai' && hasKey(model, 'api_version')) {
        addIssue(ctx, ISSUE.conflictingKeys, ['api_version'], '`api_version` applies to provider azure_openai only', {
          target: 'key',
          hint: 'remove it',
        });
      }
    }),
  );

export type ModelInput = z.output<typeof modelSchema>;
