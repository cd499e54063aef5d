/**
 * Checks tool-call arguments against the tool's JSON Schema before the tool runs, so a model that
 * passes `{ a: "lots" }` to `subtract({ a: number, b: number })` gets a validation error back instead of
 * the tool computing NaN. Schemas zod cannot convert (`$ref`s, `patternProperties`…) are checked by ajv
 * instead, loaded only then. A schema neither can compile (an unresolved `$ref`) is not checked: the tool
 * is the schema's owner, the model was given the same schema, and the tool's own code still sees the call —
 * refusing every call would fail tools that work.
 */
import { createRequire } from 'node:module';
import type { Ajv as AjvClass, Options } from 'ajv';
import { z } from 'zod';
import { isRecord } from '../core/is-record.js';

export type ArgumentCheck =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly message: string };

export type ArgumentValidator = (value: unknown) => ArgumentCheck;

export function createArgumentValidator(schema: Readonly<Record<string, unknown>>): ArgumentValidator {
  const check = zodCheck(schema) ?? ajvCheck(schema);
  return (value) => {
    const args = isRecord(value) ? value : null;
    if (args === null) return { ok: false, message: 'the arguments must be a JSON object' };
    if (check === null) return { ok: true, value: args };
    const issues = check(args);
    return issues.length === 0 ? { ok: true, value: args } : { ok: false, message: issues.join('; ') };
  };
}

type Check = (args: Record<string, unknown>) => string[];

function zodCheck(schema: Readonly<Record<string, unknown>>): Check | null {
  let check: z.ZodType;
  try {
    check = z.fromJSONSchema({ ...schema } as Parameters<typeof z.fromJSONSchema>[0]);
  } catch {
    return null; // ajv gets its turn
  }
  return (args) => {
    const result = check.safeParse(args);
    if (result.success) return [];
    return result.error.issues.map((issue) =>
      issue.path.length === 0 ? issue.message : `${issue.path.join('.')}: ${issue.message}`,
    );
  };
}

function ajvCheck(schema: Readonly<Record<string, unknown>>): Check | null {
  const require = createRequire(import.meta.url);
  const Ajv = (require('ajv') as { default: new (options: Options) => AjvClass }).default;
  let validate: ReturnType<AjvClass['compile']>;
  try {
    validate = new Ajv({ allErrors: true, strict: false, logger: false }).compile(schema);
  } catch {
    return null; // see the header: an uncompilable schema is the tool's own
  }
  return (args) =>
    validate(args)
      ? []
      : (validate.errors ?? []).map((error) => {
          const path = error.instancePath.slice(1).replaceAll('/', '.');
          return path === '' ? (error.message ?? 'invalid') : `${path}: ${error.message ?? 'invalid'}`;
        });
}
