/** An expected tool in config form for reports: literal values, `{ fuzzy: "..." }` or `{ regex: "..." }`. */
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
      return matcher.value;
    case 'fuzzy':
      return { fuzzy: matcher.value };
    case 'regex':
      return { regex: matcher.pattern };
  }
}
