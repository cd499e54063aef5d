/**
 * The regular expressions a JSON Schema holds, with where: the value of each `pattern` key that is text and
 * each name under a `patternProperties` mapping. Looked for under every key, not only under the keywords that
 * hold schemas, since a `$ref` can point anywhere in the schema; so such a key inside `default` or `examples`
 * is listed too. Walked without recursion and once per object, so neither a deep nor a cyclic value (a tool
 * definition built in code) can overflow the stack.
 */
export interface SchemaPattern {
  /** From the schema's root: the `pattern` key, or the name under `patternProperties`. */
  readonly path: readonly (string | number)[];
  readonly pattern: string;
}

export function schemaPatterns(schema: unknown): SchemaPattern[] {
  const found: SchemaPattern[] = [];
  const seen = new Set<object>();
  const pending: { readonly value: unknown; readonly path: readonly (string | number)[] }[] = [
    { value: schema, path: [] },
  ];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    const entries: [string | number, unknown][] = Array.isArray(value)
      ? value.map((item, index) => [index, item])
      : Object.entries(value);
    for (const [key, sub] of entries) {
      if (key === 'pattern' && typeof sub === 'string') found.push({ path: [...path, key], pattern: sub });
      if (key === 'patternProperties' && typeof sub === 'object' && sub !== null && !Array.isArray(sub)) {
        for (const name of Object.keys(sub)) found.push({ path: [...path, key, name], pattern: name });
      }
    }
    // Depth first, in the order the schema writes them.
    for (const [key, sub] of entries.reverse()) pending.push({ value: sub, path: [...path, key] });
  }
  return found;
}
