/**
 * Checks tool-call arguments against the tool's JSON Schema before the tool runs, so a model that
 * passes `{ a: "lots" }` to `subtract({ a: number, b: number })` gets a validation error back instead of
 * the tool computing NaN. Schemas zod cannot convert (`$ref`s…) are checked by ajv instead, loaded only then,
 * and so are schemas holding a regular expression (`pattern`, `patternProperties`): zod would run it as a
 * JavaScript `RegExp`, which a hostile argument can keep backtracking for hours, while ajv runs it on RE2, in
 * linear time (see matchers/linear-ajv.ts). A pattern RE2 cannot run (lookaround, a backreference) is left
 * unchecked: the configuration refuses one in a function tool's parameters, so only an MCP server's schema can
 * hold one. A schema neither can compile (an unresolved `$ref`) is not checked: the tool is the schema's
 * owner, the model was given the same schema, and the tool's own code still sees the call — refusing every
 * call would fail tools that work.
 */
import type { Ajv as AjvClass } from 'ajv';
import { z } from 'zod';
import { isRecord } from '../core/is-record.js';
import { createLinearAjv, linearAjvMessage } from '../matchers/linear-ajv.js';
import { schemaPatterns } from '../matchers/schema-patterns.js';

export type ArgumentCheck =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly message: string };

export type ArgumentValidator = (value: unknown) => ArgumentCheck;

export function createArgumentValidator(schema: Readonly<Record<string, unknown>>): ArgumentValidator {
  const check = (schemaPatterns(schema).length === 0 ? zodCheck(schema) : null) ?? ajvCheck(schema);
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
  let validate: ReturnType<AjvClass['compile']>;
  try {
    const ajv = createLinearAjv('draft-07', { allErrors: true, strict: false, logger: false }, 'unchecked');
    validate = ajv.compile(schema);
  } catch {
    return null; // see the header: an uncompilable schema is the tool's own
  }
  return (args) =>
    validate(args)
      ? []
      : (validate.errors ?? []).map((error) => {
          const path = error.instancePath.slice(1).replaceAll('/', '.');
          const message = linearAjvMessage(error);
          return path === '' ? message : `${path}: ${message}`;
        });
}
