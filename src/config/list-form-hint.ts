/**
 * How to write as a list what was written otherwise: `expected_tools: lookup` → `expected_tools: [lookup]`, and a
 * mapping of named entries (`tools: { calc: { type: function } }`) → items that carry their name.
 */
import { isRecord } from './schema/fields.js';

export function listFormHint(key: string | number | undefined, value: unknown): string | null {
  const field = typeof key === 'string' ? key : 'it';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return `write it as a list: ${field}: [${typeof value === 'string' ? JSON.stringify(value) : String(value)}]`;
  }
  if (!isRecord(value)) return null;
  const [first] = Object.entries(value);
  if (first !== undefined && isRecord(first[1])) {
    return `write each entry as a list item that carries its name, one per line: - { name: ${first[0]}, … }`;
  }
  return 'write it as a list item: "- " before its first key, or [ ] around it';
}
