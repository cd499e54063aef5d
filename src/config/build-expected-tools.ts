/** `expected_tools` as validated → ExpectedTool[] with compiled argument matchers. */
import type { ArgMatcher, ExpectedTool } from '../core/config-types.js';
import type { JsonValue } from '../core/json.js';
import { compileArgRegex } from './arg-regex.js';
import type { ArgValueInput } from './schema/arg-matcher-schema.js';
import { isRecord } from './schema/fields.js';
import type { ExpectedToolInput } from './schema/turn-schema.js';

/** Absent or empty lists assert nothing (null). */
export function buildExpectedTools(entries: readonly ExpectedToolInput[] | undefined): ExpectedTool[] | null {
  if (!entries || entries.length === 0) return null;
  return entries.map((entry) => {
    if (typeof entry === 'string') return { name: entry, args: null, count: 1 };
    const args = entry.args && Object.keys(entry.args).length > 0 ? buildArgs(entry.args) : null;
    return { name: entry.name, args, count: entry.count ?? 1 };
  });
}

function buildArgs(args: Readonly<Record<string, ArgValueInput>>): Record<string, ArgMatcher> {
  const matchers: Record<string, ArgMatcher> = {};
  for (const [name, value] of Object.entries(args)) {
    Object.defineProperty(matchers, name, { value: buildArg(value), enumerable: true });
  }
  return matchers;
}

export function buildArg(value: ArgValueInput): ArgMatcher {
  if (!isRecord(value)) return { kind: 'literal', value: value as JsonValue };
  if (Object.hasOwn(value, 'literal')) return { kind: 'literal', value: (value.literal ?? null) as JsonValue };
  if (typeof value.regex === 'string') {
    const compiled = compileArgRegex(value.regex);
    // The schema has already rejected patterns that do not compile.
    if (!compiled.ok) throw new Error(`unvalidated regular expression: ${value.regex}`);
    return { kind: 'regex', pattern: value.regex, regex: compiled.regex };
  }
  return { kind: 'fuzzy', value: String(value.fuzzy) };
}
