/**
 * Compiles a JSON Schema once, when the configuration loads, into a validator for answers. ajv (with the
 * standard formats) is loaded on the first schema, so configurations without one never pay for it. The
 * draft follows `$schema`: 2020-12 and 2019-09 when named, draft-07 otherwise. Unknown keywords and
 * formats are errors, like unknown keys in agent.yaml.
 */
import { createRequire } from 'node:module';
import type { Ajv as AjvClass, ErrorObject, Options } from 'ajv';
import type { JsonSchemaValidator } from '../core/config-types.js';
import { thrownMessage } from '../core/describe-thrown.js';
import type { JsonValue } from '../core/json.js';

export type JsonSchemaCompile =
  | { readonly ok: true; readonly validate: JsonSchemaValidator }
  | { readonly ok: false; readonly reason: string };

type Draft = '2020-12' | '2019-09' | 'draft-07';
type AjvConstructor = new (options: Options) => AjvClass;

const MODULES: Readonly<Record<Draft, string>> = {
  '2020-12': 'ajv/dist/2020',
  '2019-09': 'ajv/dist/2019',
  'draft-07': 'ajv',
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
    const check = ajvFor(draftOf(schema)).compile(schema);
    const validate: JsonSchemaValidator = (value: JsonValue) =>
      check(value) ? [] : (check.errors ?? []).map(toViolation);
    return { ok: true, validate };
  } catch (error) {
    return { ok: false, reason: thrownMessage(error) };
  }
}

function draftOf(schema: Readonly<Record<string, unknown>>): Draft {
  const declared = typeof schema['$schema'] === 'string' ? schema['$schema'] : '';
  if (declared.includes('2020-12')) return '2020-12';
  if (declared.includes('2019-09')) return '2019-09';
  return 'draft-07';
}

/** One ajv per draft; each compiled schema gets its own, so two schemas with the same `$id` do not clash. */
function ajvFor(draft: Draft): AjvClass {
  const require = createRequire(import.meta.url);
  const Ajv = (require(MODULES[draft]) as { default: AjvConstructor }).default;
  const addFormats = (require('ajv-formats') as { default: (ajv: AjvClass) => AjvClass }).default;
  return addFormats(new Ajv(OPTIONS));
}

function toViolation(error: ErrorObject): { readonly instance_path: string; readonly message: string } {
  const extra = error.keyword === 'additionalProperties' ? ` '${String(error.params['additionalProperty'])}'` : '';
  return { instance_path: error.instancePath, message: `${error.message ?? error.keyword}${extra}` };
}
