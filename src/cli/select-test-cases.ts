/**
 * Which test cases run: `--filter` (any of them), `--grep`, `--exclude`, `--last-failed`, then `--limit`.
 * The cases keep the configuration's order.
 */
import type { CompiledRegex, TestCaseConfig } from '../core/config-types.js';
import { compileLinearRegex } from '../matchers/linear-regex.js';
import { nameMatcher } from './name-matcher.js';

export interface CaseCriteria {
  /** Name patterns; a case matches when any matches (none = all). */
  readonly filters: readonly string[];
  /** Where the filters came from, as said when none matches (default `--filter`). */
  readonly filters_from?: string | undefined;
  /** A regular expression (RE2 syntax, linear time) searched in the name. */
  readonly grep: string | null;
  /** Name patterns; a case matching any is left out. */
  readonly exclude: readonly string[];
  /** Only these names (`--last-failed`); null = no such restriction. */
  readonly only: readonly string[] | null;
  readonly limit: number | null;
}

export type Selection =
  | { readonly ok: true; readonly cases: readonly TestCaseConfig[] }
  | { readonly ok: false; readonly message: string };

export function selectTestCases(cases: readonly TestCaseConfig[], criteria: CaseCriteria): Selection {
  const grep = compileGrep(criteria.grep);
  if (grep !== null && !grep.ok) return grep;
  const include = criteria.filters.map(nameMatcher);
  const exclude = criteria.exclude.map(nameMatcher);
  const only = criteria.only === null ? null : new Set(criteria.only);
  const all = include.length === 0 && grep === null && exclude.length === 0 && only === null;
  const filtered = all
    ? cases
    : cases.filter(
        (testCase) =>
          (include.length === 0 || include.some((matches) => matches(testCase.name))) &&
          (grep === null || grep.regex.search(testCase.name)) &&
          !exclude.some((matches) => matches(testCase.name)) &&
          (only === null || only.has(testCase.name)),
      );
  const selected = criteria.limit === null ? filtered : filtered.slice(0, criteria.limit);
  if (selected.length === 0) return { ok: false, message: `${emptyReason(cases.length, criteria)}; nothing to run` };
  return { ok: true, cases: selected };
}

function emptyReason(total: number, criteria: CaseCriteria): string {
  if (total === 0) return 'the configuration has no test cases';
  const parts: string[] = [];
  const from = criteria.filters_from ?? '--filter';
  if (criteria.filters.length > 0) parts.push(criteria.filters.map((f) => `${from} "${f}"`).join(' or '));
  if (criteria.grep !== null) parts.push(`--grep "${criteria.grep}"`);
  if (criteria.only !== null) parts.push(`among the ${criteria.only.length} cases that failed last time`);
  const excluded = criteria.exclude.map((e) => `--exclude "${e}"`).join(', ');
  if (parts.length === 0) return `${excluded} leaves out every test case`;
  const matches = `no test case name matches ${parts.join(', ')}`;
  return criteria.exclude.length === 0 ? matches : `${matches} (with ${excluded})`;
}

/** On RE2, as the configuration's regexes: a case name cannot make it backtrack for minutes. */
function compileGrep(
  pattern: string | null,
): { readonly ok: true; readonly regex: CompiledRegex } | { readonly ok: false; readonly message: string } | null {
  if (pattern === null) return null;
  const compiled = compileLinearRegex(pattern);
  if (compiled.ok) return compiled;
  const hint = compiled.hint === null ? '' : ` — ${compiled.hint}`;
  return { ok: false, message: `--grep "${pattern}" is not a valid regular expression: ${compiled.reason}${hint}` };
}
