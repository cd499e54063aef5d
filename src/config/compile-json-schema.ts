/**
 * Compiles a JSON Schema once, when the configuration loads, into a validator for answers. ajv (with the
 * standard formats) is loaded on the first schema, so configurations without one never pay for it. The
 * draft follows `$schema`: 2020-12 and 2019-09 when named, draft-07 otherwise. Unknown keywords and
 * formats are errors, like unknown keys in agent.yaml. The checks take linear time in the answer (see
 * matchers/linear-ajv.ts): a `pattern` runs on RE2, and one RE2 cannot run is refused here, with where it is.
 */
import type { ErrorObject, Options } from 'ajv';
import type { JsonSchemaValidator } from '../core/config-types.js';
import { thrownMessage } from '../core/describe-thrown.js';
import type { JsonValue } from '../core/json.js';
import { createLinearAjv, type JsonSchemaDraft, linearAjvMessage } from '../matchers/linear-ajv.js';
import { RefusedPatternError } from '../matchers/linear-reg-exp-engine.js';
import { schemaPatterns } from '../matchers/schema-patterns.js';

export type JsonSchemaCompile =
  | { readonly ok: true; readonly validate: JsonSchemaValidator }
  | {
      readonly ok: false;
      readonly reason: string;
      /** Where in the schema the problem is, when known (a refused pattern). */
      readonly path: readonly (string | number)[] | null;
      readonly hint: string | null;
    };

const OPTIONS: Options = {
  allErrors: true,
  strict: true,
  strictTypes: false,
  strictTuples: false,
  strictRequired: false,
  logger: false,
};

export function compileJsonSchema(schema: Readonly<Record<string, unknown>>): JsonSchemaCompile {
  try {
    // One ajv per schema, so two schemas with the same `$id` do not clash.
    const check = createLinearAjv(draftOf(schema), OPTIONS, 'throw').compile(schema);
    const validate: JsonSchemaValidator = (value: JsonValue) =>
      check(value) ? [] : (check.errors ?? []).map(toViolation);
    return { ok: true, validate };
  } catch (error) {
    if (!(error instanceof RefusedPatternError))
      return { ok: false, reason: thrownMessage(error), path: null, hint: null };
    const path = schemaPatterns(schema).find((found) => found.pattern === error.pattern)?.path ?? null;
    return { ok: false, reason: error.reason, path, hint: error.hint };
  }
}

function draftOf(schema: Readonly<Record<string, unknown>>): JsonSchemaDraft {
  const declared = typeof schema['$schema'] === 'string' ? schema['$schema'] : '';
  if (declared.includes('2020-12')) return '2020-12';
  if (declared.includes('2019-09')) return '2019-09';
  return 'draft-07';
}

function toViolation(error: ErrorObject): { readonly instance_path: string; readonly message: string } {
  const extra = error.keyword === 'additionalProperties' ? ` '${String(error.params['additionalProperty'])}'` : '';
  return { instance_path: error.instancePath, message: `${linearAjvMessage(error)}${extra}` };
}
