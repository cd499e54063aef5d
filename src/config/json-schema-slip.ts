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
  'format',
  'default',
  'const',
  'minProperties',
  'maxProperties',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'uniqueItems',
  'patternProperties',
  'allOf',
  'anyOf',
  'oneOf',
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
export function jsonSchemaSlip(schema: unknown): JsonSchemaSlip | null {
  return jsonSchemaSlips(schema)[0] ?? null;
}

/** Every slip in `schema`, depth first, each where it is: one mistake hides no other. */
export function jsonSchemaSlips(schema: unknown): JsonSchemaSlip[] {
  const slips: JsonSchemaSlip[] = [];
  schemaSlips(schema, [], slips);
  return slips;
}

type Path = readonly (string | number)[];

function schemaSlips(schema: unknown, path: Path, slips: JsonSchemaSlip[]): void {
  if (typeof schema === 'boolean') return;
  if (!isRecord(schema)) {
    slips.push({ path, message: `a schema is a mapping (or true / false), got ${kindOf(schema)}` });
    return;
  }
  for (const [key, value] of Object.entries(schema)) keywordSlips(key, value, [...path, key], slips);
}

function keywordSlips(key: string, value: unknown, path: Path, slips: JsonSchemaSlip[]): void {
  const own = keywordSlip(key, value, path);
  if (own !== null) slips.push(own);
  else subschemaSlips(key, value, path, slips);
}

/** The keyword's own slip: a value of the wrong shape, a type that is none, a misspelt keyword. */
function keywordSlip(key: string, value: unknown, path: Path): JsonSchemaSlip | null {
  if (key === 'type') return typeSlip(value, path);
  if (key === 'required') {
    const names = Array.isArray(value) && value.every((name) => typeof name === 'string');
    return names ? null : { path, message: `\`required\` is a list of property names, got ${kindOf(value)}` };
  }
  if (key === 'pattern' && typeof value === 'string') return patternSlip(value, path);
  if (key === 'enum' && !Array.isArray(value)) {
    return { path, message: `\`enum\` is a list of the allowed values, got ${kindOf(value)}` };
  }
  if (SCHEMA_MAPS.includes(key) && !isRecord(value)) {
    return { path, message: `\`${key}\` is a mapping of names to schemas, got ${kindOf(value)}` };
  }
  if (SCHEMA_LISTS.includes(key) && !Array.isArray(value)) {
    return { path, message: `\`${key}\` is a list of schemas, got ${kindOf(value)}` };
  }
  if (KNOWN.has(key)) return null;
  const meant = closestMatch(key, CHECKED_KEYWORDS) ?? abbreviated(key);
  return meant === null
    ? null
    : { path, message: `\`${key}\` is no JSON Schema keyword, so it would be ignored: did you mean \`${meant}\`?` };
}

/** The slips of the schemas the keyword holds (`properties`, `items`, `anyOf`…). */
function subschemaSlips(key: string, value: unknown, path: Path, slips: JsonSchemaSlip[]): void {
  if (SCHEMA_MAPS.includes(key) && isRecord(value)) {
    for (const [name, sub] of Object.entries(value)) {
      const pattern = key === 'patternProperties' ? patternSlip(name, [...path, name]) : null;
      if (pattern !== null) slips.push(pattern);
      schemaSlips(sub, [...path, name], slips);
    }
  } else if (SCHEMA_ONE.includes(key)) {
    if (key === 'items' && Array.isArray(value)) listSlips(value, path, slips);
    else schemaSlips(value, path, slips);
  } else if (SCHEMA_LISTS.includes(key) && Array.isArray(value)) {
    listSlips(value, path, slips);
  }
}

/** The one keyword that `key` shortens (`minProps` → `minProperties`, `descr` → `description`), else null. */
function abbreviated(key: string): string | null {
  const stem = key.toLowerCase().replace(/s$/, '');
  if (stem.length < 4) return null;
  const found = [...KNOWN].filter((keyword) => keyword.toLowerCase().startsWith(stem) && !KNOWN_EXTRAS.has(keyword));
  return found.length === 1 ? (found[0] ?? null) : null;
}

/**
 * A pattern runs on RE2 with JavaScript's meaning (see matchers/linear-ajv.ts): one it cannot run is refused, as
 * other config regexes are, checked as it will run.
 */
function patternSlip(pattern: string, path: Path): JsonSchemaSlip | null {
  const compiled = compileSchemaPattern(pattern);
  if (compiled.ok) return null;
  const hint = compiled.hint === null ? '' : ` — ${compiled.hint}`;
  return { path, message: `invalid regular expression ${JSON.stringify(pattern)}: ${compiled.reason}${hint}` };
}

function listSlips(schemas: readonly unknown[], path: Path, slips: JsonSchemaSlip[]): void {
  for (const [index, sub] of schemas.entries()) schemaSlips(sub, [...path, index], slips);
}

function typeSlip(value: unknown, path: Path): JsonSchemaSlip | null {
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
