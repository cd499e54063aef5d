/** `pricing:` in a model block: US dollars per million tokens, overriding the built-in price table. */
import { z } from 'zod';
import { numberField } from './fields.js';

function perMillion(description: string) {
  return numberField(z.number().min(0).max(10_000)).describe(description);
}

export const pricingSchema = z
  .strictObject({
    input_per_mtok: perMillion('US dollars per million input tokens (not read from or written to a prompt cache).'),
    output_per_mtok: perMillion('US dollars per million output tokens.'),
    cached_input_per_mtok: perMillion(
      'US dollars per million input tokens read from the prompt cache (default: input_per_mtok).',
    ).optional(),
    cache_write_per_mtok: perMillion(
      'US dollars per million input tokens written to the prompt cache, as Anthropic counts them (default: input_per_mtok).',
    ).optional(),
  })
  .describe(
    "The model's price, e.g. { input_per_mtok: 2.5, output_per_mtok: 10, cached_input_per_mtok: 1.25 }; default: the built-in table of common OpenAI and Anthropic models, else the cost is unknown.",
  );

export type PricingInput = z.output<typeof pricingSchema>;
