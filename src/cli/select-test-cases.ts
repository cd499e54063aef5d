/** `--filter` and `--limit`: which test cases run. */
import type { TestCaseConfig } from '../core/config-types.js';

export type Selection =
  | { readonly ok: true; readonly cases: readonly TestCaseConfig[] }
  | { readonly ok: false; readonly message: string };

export function selectTestCases(
  cases: readonly TestCaseConfig[],
  filter: string | undefined,
  limit: number | undefined,
): Selection {
  const matcher = filter === undefined ? null : nameMatcher(filter);
  const filtered = matcher ? cases.filter((testCase) => matcher(testCase.name)) : cases;
  const selected = limit === undefined ? filtered : filtered.slice(0, limit);
  if (selected.length === 0) {
    const why =
      filter === undefined ? 'the configuration has no test cases' : `no test case name matches --filter "${filter}"`;
    return { ok: false, message: `${why}; nothing to run` };
  }
  return { ok: true, cases: selected };
}

/** Substring match; `*` and `?` make it a wildcard pattern over the whole name. Case-insensitive. */
export function nameMatcher(pattern: string): (name: string) => boolean {
  if (!/[*?]/.test(pattern)) {
    const needle = pattern.toLowerCase();
    return (name) => name.toLowerCase().includes(needle);
  }
  const source = pattern
    .split('')
    .map((ch) => (ch === '*' ? '.*' : ch === '?' ? '.' : ch.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  const regex = new RegExp(`^${source}$`, 'i');
  return (name) => regex.test(name);
}
