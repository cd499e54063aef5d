/** Any JSON value, as the report holds what user code returned (tool results, metric and grader details). */
import { z } from 'zod';

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export const jsonValueSchema: z.ZodType<Json> = z
  .lazy(() =>
    z.union([
      z.string(),
      z.number(),
      z.boolean(),
      z.null(),
      z.array(jsonValueSchema),
      z.record(z.string(), jsonValueSchema),
    ]),
  )
  .meta({ id: 'JsonValue', description: 'Any JSON value.' });
