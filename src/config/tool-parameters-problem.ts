/**
 * Whether a function tool's `parameters` can be the JSON Schema of its arguments, which are one object: a schema
 * of another type is refused, and so is the common slip of writing the object's properties alone
 * (`{ a: { type: number } }`), which is a schema every value fits — the model would be told nothing of the
 * arguments, and no call would be checked. An empty schema (`{}`) stays allowed.
 */
import { isRecord } from '../core/is-record.js';
import { describeValue } from '../loader/describe-value.js';

/** Keywords that say a mapping is a schema, not a map of properties. */
const SCHEMA_KEYWORDS = new Set([
  '$schema',
  '$id',
  '$ref',
  '$defs',
  'definitions',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'description',
  'title',
]);

/** Why `parameters` cannot be the schema of a tool's arguments, else null. */
export function toolParametersProblem(parameters: Readonly<Record<string, unknown>>): string | null {
  const type = parameters['type'];
  if (type !== undefined && type !== 'object' && !(Array.isArray(type) && type.includes('object'))) {
    return `the arguments of a tool are one object, so \`parameters.type\` must be object (got ${JSON.stringify(type) ?? describeValue(type)})`;
  }
  const keys = Object.keys(parameters);
  const propertiesAlone =
    keys.length > 0 &&
    keys.every((key) => !SCHEMA_KEYWORDS.has(key)) &&
    keys.every((key) => isRecord(parameters[key]) && 'type' in (parameters[key] as Record<string, unknown>));
  if (!propertiesAlone) return null;
  return (
    `\`parameters\` holds the properties of the arguments alone: it is the JSON Schema of the arguments object — ` +
    `write { type: object, properties: { ${keys.slice(0, 3).join(': …, ')}: … }, required: [${keys.slice(0, 3).join(', ')}] }`
  );
}
