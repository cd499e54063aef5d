/**
 * The AI SDK provider utilities validate every model response against the provider's zod schema with
 * `safeParseAsync`, which costs several times the synchronous parse (promises for every object and array
 * of the response) although no provider schema has an asynchronous check. `npm run build` makes them try
 * the synchronous parse first (scripts/bundle-cli.mjs): the same result for a synchronous schema, and a
 * schema that turns out to need `await` (zod throws its async error before it returns) is parsed with
 * `safeParseAsync` as before.
 */
import { z } from 'zod';

export function safeParseSyncFirst<T>(
  schema: z.ZodType<T>,
  value: unknown,
): z.ZodSafeParseResult<T> | Promise<z.ZodSafeParseResult<T>> {
  try {
    return z.safeParse(schema, value);
  } catch (error) {
    if (error instanceof z.core.$ZodAsyncError) return z.safeParseAsync(schema, value);
    throw error;
  }
}
