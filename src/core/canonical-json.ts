/**
 * JSON with object keys in sorted order at every depth, so the same value always gives the same text: what
 * request keys are hashed from and what cassette lines are written as (a git diff of a cassette stays readable).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

/** A copy of plain JSON data with every object's keys sorted; `undefined` members are left out as JSON does. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : sortKeys(item)));
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined) sorted[key] = sortKeys(item);
  }
  return sorted;
}
