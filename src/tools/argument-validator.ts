/**
 * Checks tool-call arguments against the tool's JSON Schema before the tool runs, so a model that
 * passes `{ a: "lots" }` to `subtract({ a: number, b: number })` gets a validation error back instead of
 * the tool computing NaN. Schemas the converter cannot read (e.g. unresolved `$ref`s) are not checked.
 */
import { z } from 'zod';
import { isRecord } from '../core/is-record.js';

export type ArgumentCheck =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly message: string };

export type ArgumentValidator = (value: unknown) => ArgumentCheck;

export function createArgumentValidator(schema: Readonly<Record<string, unknown>>): ArgumentValidator {
  let check: z.ZodType | null;
  try {
    check = z.fromJSONSchema({ ...schema } as Parameters<typeof z.fromJSONSchema>[0]);
  } catch {
    check = null;
  }
  return (value) => {
    const args = isRecord(value) ? value : null;
    if (args === null) return { ok: false, message: 'the arguments must be a JSON object' };
    if (check === null) return { ok: true, value: args };
    const result = check.safeParse(args);
    if (result.success) return { ok: true, value: args };
    const issues = result.error.issues.map((issue) =>
      issue.path.length === 0 ? issue.message : `${issue.path.join('.')}: ${issue.message}`,
    );
    return { ok: false, message: issues.join('; ') };
  };
}
