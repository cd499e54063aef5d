/**
 * The argument names a tool's input schema allows, when it lists them and allows no other: `properties`, with no
 * `additionalProperties` (or `unevaluatedProperties`) other than false, no `patternProperties`, and nothing that
 * could add a name (`allOf`, `anyOf`, `oneOf`, `$ref`, `if`, `dependentSchemas`). null for any other schema: its
 * names are not a closed set to check an asserted argument against.
 */
const OPENING_KEYS = ['patternProperties', 'allOf', 'anyOf', 'oneOf', '$ref', '$dynamicRef', 'if', 'dependentSchemas'];

export function closedParams(schema: Readonly<Record<string, unknown>>): readonly string[] | null {
  const properties = schema['properties'];
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return null;
  if (!closes(schema['additionalProperties']) || !closes(schema['unevaluatedProperties'])) return null;
  if (OPENING_KEYS.some((key) => Object.hasOwn(schema, key))) return null;
  return Object.keys(properties);
}

/** Absent (the default the configuration's tools are written with) or false; true or a schema lets more in. */
function closes(value: unknown): boolean {
  return value === undefined || value === false;
}

/** A tool the agent is offered, by the name it sees, with its closed argument names (null: not a closed set). */
export interface ToolParams {
  readonly name: string;
  readonly params: readonly string[] | null;
}
