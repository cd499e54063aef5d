/**
 * Text forms of argument values (PRODUCT.md §4): `renderValue` is what fuzzy and regex matchers compare,
 * `describeValue` is how a value is quoted in a failure reason so that `"206588"` and `206588` differ.
 */

/** Strings as-is, numbers as JavaScript prints them, `true`/`false`, `null`, objects and arrays as compact JSON. */
export function renderValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value === null || value === undefined) return 'null';
  return compactJson(value);
}

/** Like `renderValue`, but strings are quoted (JSON style) so their type is visible. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  return renderValue(value);
}

function compactJson(value: unknown): string {
  try {
    const text = JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item));
    return text ?? String(value);
  } catch {
    // Cyclic structures cannot be JSON; fall back to the default string form.
    return String(value);
  }
}
