/**
 * An expected tool in config form for reports: literal values (objects included), `{ fuzzy: "..." }`,
 * `{ regex: "..." }`, or `{ literal: ... }` for an object that would read as a matcher.
 */
import type { ArgMatcher, ExpectedTool } from '../core/config-types.js';
import type { JsonValue } from '../core/json.js';
import type { ExpectedToolReport } from '../core/results.js';

export function expectedToolToReport(expected: ExpectedTool): ExpectedToolReport {
  return {
    name: expected.name,
    args: expected.args === null ? null : reportArgs(expected.args),
    count: expected.count,
  };
}

/** The asserted arguments as written in the config (the regex as its original pattern, not the anchored one). */
export function reportArgs(args: Readonly<Record<string, ArgMatcher>>): Readonly<Record<string, JsonValue>> {
  const report: Record<string, JsonValue> = {};
  for (const [name, matcher] of Object.entries(args)) report[name] = matcherToConfig(matcher);
  return report;
}

function matcherToConfig(matcher: ArgMatcher): JsonValue {
  switch (matcher.kind) {
    case 'literal':
      return looksLikeMatcher(matcher.value) ? { literal: matcher.value } : matcher.value;
    case 'fuzzy':
      return { fuzzy: matcher.value };
    case 'regex':
      return { regex: matcher.pattern };
  }
}

/** An object whose only key is `fuzzy`, `regex` or `literal` would read as a matcher: it is written `{ literal: … }`. */
function looksLikeMatcher(value: JsonValue): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && ['fuzzy', 'regex', 'literal'].includes(keys[0] ?? '');
}
