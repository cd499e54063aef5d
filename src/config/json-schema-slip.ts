/**
 * The slips in a tool's `parameters` that leave its arguments unchecked without a word: a misspelt type
 * (`type: numbr`), `required` that is no list of names, `properties` that is no mapping, a misspelt keyword
 * (`requried`, `propertes`). A JSON Schema validator would not say: it rejects a whole schema it cannot compile,
 * and then the calls go unchecked, or ignores a keyword it does not know. Checked by hand, since loading a
 * validator's meta-schema costs a run's start-up some 70 ms. And a `pattern` (or a name under `patternProperties`)
 * that RE2 cannot run, since the arguments are checked on RE2.
 */
import { isRecord } from '../core/is-record.js';
import { compileSchemaPattern } from '../matchers/linear-reg-exp-engine.js';
import { closestMatch } from './did-you-mean.js';

export interface JsonSchemaSlip {
  /** Where in the schema, e.g. `['properties', 'a', 'type']`. */
  readonly path: readonly (string | number)[];
  readonly message: string;
}

const TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

/** Keywords whose subschemas are a mapping of name → schema. */
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
/** Keywords whose value is one schema. */
const SCHEMA_ONE = ['additionalProperties', 'items', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'];
/** Keywords whose value is a list of schemas. */
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];

/** Keywords a misspelling is checked against (other keys are extensions a schema may carry, and are kept). */
const CHECKED_KEYWORDS = [
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'pattern',
  'description',
];

/** Keys that are no keyword of JSON Schema's but common in tool schemas (OpenAPI and others). */
const KNOWN_EXTRAS = new Set(['example', 'nullable', 'deprecated', 'readOnly', 'writeOnly', 'discriminator', 'xml']);

const KNOWN = new Set([
  ...CHECKED_KEYWORDS,
  ...SCHEMA_MAPS,
  ...SCHEMA_ONE,
  ...SCHEMA_LISTS,
  ...KNOWN_EXTRAS,
  '$schema',
  '$id',
  '$ref',
  '$anchor',
  '$comment',
  'title',
  'default',
  'examples',
  'const',
  'format',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'uniqueItems',
  'maxProperties',
  'minProperties',
  'dependentRequired',
  'dependencies',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contentMediaType',
  'contentEncoding',
]);

/** The first slip in `schema`, depth first, else null. */
export function jsonSchemaSlip(schema: unknown, path: readonly (string | number)[] = []): JsonSchemaSlip | null {
  if (typeof schema === 'boolean') return null;
  if (!isRecord(schema)) return { path, message: `a schema is a mapping (or true / false), got ${kindOf(schema)}` };
  for (const [key, value] of Object.entries(schema)) {
    const slip = keywordSlip(key, value, [...path, key]);
    if (slip !== null) return slip;
  }
  return null;
}

function keywordSlip(key: string, value: unknown, path: readonly (string | number)[]): JsonSchemaSlip | null {
  if (key === 'type') return typeSlip(value, path);
  if (key === 'required') {
    const names = Array.isArray(value) && value.every((name) => typeof name === 'string');
    return names ? null : { path, message: `\`required\` is a list of property names, got ${kindOf(value)}` };
  }
  if (key === 'pattern' && typeof value === 'string') return patternSlip(value, path);
  if (key === 'enum' && !Array.isArray(value)) {
    return { path, message: `\`enum\` is a list of the allowed values, got ${kindOf(value)}` };
  }
  if (SCHEMA_MAPS.includes(key)) {
    if (!isRecord(value)) return { path, message: `\`${key}\` is a mapping of names to schemas, got ${kindOf(value)}` };
    for (const [name, sub] of Object.entries(value)) {
      const slip =
        (key === 'patternProperties' ? patternSlip(name, [...path, name]) : null) ??
        jsonSchemaSlip(sub, [...path, name]);
      if (slip !== null) return slip;
    }
    return null;
  }
  if (SCHEMA_ONE.includes(key)) {
    if (key === 'items' && Array.isArray(value)) return listSlip(value, path);
    return jsonSchemaSlip(value, path);
  }
  if (SCHEMA_LISTS.includes(key)) {
    if (!Array.isArray(value)) return { path, message: `\`${key}\` is a list of schemas, got ${kindOf(value)}` };
    return listSlip(value, path);
  }
  if (KNOWN.has(key)) return null;
  const meant = closestMatch(key, CHECKED_KEYWORDS);
  return meant === null
    ? null
    : { path, message: `\`${key}\` is no JSON Schema keyword, so it would be ignored: did you mean \`${meant}\`?` };
}

/**
 * A pattern runs on RE2 with JavaScript's meaning (see matchers/linear-ajv.ts): one it cannot run is refused, as
 * other config regexes are, checked as it will run.
 */
function patternSlip(pattern: string, path: readonly (string | number)[]): JsonSchemaSlip | null {
  const compiled = compileSchemaPattern(pattern);
  if (compiled.ok) return null;
  const hint = compiled.hint === null ? '' : ` — ${compiled.hint}`;
  return { path, message: `invalid regular expression ${JSON.stringify(pattern)}: ${compiled.reason}${hint}` };
}

function listSlip(schemas: readonly unknown[], path: readonly (string | number)[]): JsonSchemaSlip | null {
  for (const [index, sub] of schemas.entries()) {
    const slip = jsonSchemaSlip(sub, [...path, index]);
    if (slip !== null) return slip;
  }
  return null;
}

function typeSlip(value: unknown, path: readonly (string | number)[]): JsonSchemaSlip | null {
  const types = Array.isArray(value) ? value : [value];
  for (const type of types) {
    if (typeof type === 'string' && TYPES.includes(type)) continue;
    const meant = typeof type === 'string' ? closestMatch(type, TYPES) : null;
    const hint = meant === null ? '' : `: did you mean ${meant}?`;
    return {
      path,
      message: `${typeof type === 'string' ? `"${type}"` : kindOf(type)} is no JSON Schema type (${TYPES.join(', ')})${hint}`,
    };
  }
  return null;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `${typeof value} ${JSON.stringify(value)}`;
}
