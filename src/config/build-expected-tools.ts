/**
 * `expected_tools` and `forbidden_tools` as validated → one ExpectedTool[] with compiled argument matchers:
 * the expected entries in order, then each forbidden entry as count 0.
 */
import type { ArgMatcher, ExpectedTool, ToolNameMatch } from '../core/config-types.js';
import type { JsonValue } from '../core/json.js';
import { compileLinearRegex } from '../matchers/linear-regex.js';
import { type ArgValueInput, MATCHER_KEYS } from './schema/arg-matcher-schema.js';
import { isRecord } from './schema/fields.js';
import type { ExpectedToolInput, ForbiddenToolInput } from './schema/turn-schema.js';

/** Absent or empty lists assert nothing (null). */
export function buildExpectedTools(
  expected: readonly ExpectedToolInput[] | undefined,
  forbidden: readonly ForbiddenToolInput[] = [],
  nameMatch: ToolNameMatch = 'substring',
): ExpectedTool[] | null {
  if ((expected === undefined || expected.length === 0) && forbidden.length === 0) return null;
  const entries = [
    ...(expected ?? []).map((entry) => buildEntry(entry, 1, nameMatch)),
    ...forbidden.map((entry) => buildEntry(entry, 0, nameMatch)),
  ];
  return entries.length === 0 ? null : entries;
}

function buildEntry(
  entry: ExpectedToolInput | ForbiddenToolInput,
  defaultCount: number,
  nameMatch: ToolNameMatch,
): ExpectedTool {
  if (typeof entry === 'string') return { name: entry, name_match: nameMatch, args: null, count: defaultCount };
  const args = entry.args && Object.keys(entry.args).length > 0 ? buildArgs(entry.args) : null;
  const count = 'count' in entry && entry.count !== undefined ? entry.count : defaultCount;
  return { name: entry.name, name_match: entry.name_match ?? nameMatch, args, count };
}

function buildArgs(args: Readonly<Record<string, ArgValueInput>>): Record<string, ArgMatcher> {
  const matchers: Record<string, ArgMatcher> = {};
  for (const [name, value] of Object.entries(args)) {
    Object.defineProperty(matchers, name, { value: buildArg(value), enumerable: true });
  }
  return matchers;
}

/** An object whose only key is `fuzzy`, `regex` or `literal` is a matcher; any other value is a literal. */
export function buildArg(value: ArgValueInput): ArgMatcher {
  const keys = isRecord(value) ? Object.keys(value) : [];
  if (!isRecord(value) || keys.length !== 1 || !(MATCHER_KEYS as readonly string[]).includes(keys[0]!)) {
    return { kind: 'literal', value: value as JsonValue };
  }
  if (Object.hasOwn(value, 'literal')) return { kind: 'literal', value: (value.literal ?? null) as JsonValue };
  if (typeof value.regex === 'string') {
    const compiled = compileLinearRegex(value.regex);
    // The schema has already rejected patterns that do not compile.
    if (!compiled.ok) throw new Error(`unvalidated regular expression: ${value.regex}`);
    return { kind: 'regex', pattern: value.regex, regex: compiled.regex };
  }
  return { kind: 'fuzzy', value: String(value.fuzzy) };
}
