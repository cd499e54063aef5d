/**
 * How to write as a list what was written otherwise: `expected_tools: lookup` → `expected_tools: [lookup]`, and a
 * mapping of named entries (`tools: { calc: { type: function } }`) → items that carry their name.
 */
import { isRecord } from './schema/fields.js';

/** Lists whose items are mappings: a scalar there is no item in brackets. */
const MAPPING_ITEMS = new Set(['files', 'turns', 'test_cases', 'tools', 'metrics', 'evaluations', 'models']);

export function listFormHint(key: string | number | undefined, value: unknown): string | null {
  const field = typeof key === 'string' ? key : 'it';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    if (MAPPING_ITEMS.has(field)) return null;
    // `forbidden_tools: "a, b"`: each comma-separated part is an item.
    const items = typeof value === 'string' ? value.split(/\s*,\s*/).filter((item) => item !== '') : [value];
    const written = items.map((item) => (typeof item === 'string' ? JSON.stringify(item) : String(item)));
    return `write it as a list: ${field}: [${written.join(', ')}]`;
  }
  if (!isRecord(value)) return null;
  const [first] = Object.entries(value);
  if (first !== undefined && isRecord(first[1])) {
    return `write each entry as a list item that carries its name, one per line: - { name: ${first[0]}, … }`;
  }
  return 'write it as a list item: "- " before its first key, or [ ] around it';
}
