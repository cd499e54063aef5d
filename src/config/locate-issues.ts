/** Pending issues → ConfigIssues: file:line:col, the test case they belong to, and the field path inside it. */
import type { ConfigIssue, SourceLocation } from '../core/errors.js';
import { formatFieldPath } from './field-path.js';
import type { TestCasesSource } from './load-test-cases-file.js';
import type { PendingIssue } from './pending-issue.js';
import { testCaseNameOf } from './schema/test-case-schema.js';
import type { SourceDocument } from './source-document.js';

export interface IssueSources {
  readonly main: SourceDocument | null;
  readonly testCases: TestCasesSource | null;
  /** The test cases as written (after ${VAR} substitution), for their names. */
  readonly testCaseItems: unknown;
}

export function locateIssues(pending: readonly PendingIssue[], sources: IssueSources): ConfigIssue[] {
  const seen = new Set<string>();
  const issues: ConfigIssue[] = [];
  for (const issue of pending) {
    const located = locateIssue(issue, sources);
    const key = JSON.stringify([located.location, located.test_case?.index, located.path, located.message]);
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(located);
  }
  const fileOrder = (location: SourceLocation | null) =>
    location === null ? 2 : location.file === sources.main?.file ? 0 : 1;
  return issues.sort(
    (a, b) =>
      fileOrder(a.location) - fileOrder(b.location) ||
      (a.location?.line ?? 0) - (b.location?.line ?? 0) ||
      (a.location?.column ?? 0) - (b.location?.column ?? 0),
  );
}

function locateIssue(issue: PendingIssue, sources: IssueSources): ConfigIssue {
  const inTestCase = issue.path[0] === 'test_cases' && typeof issue.path[1] === 'number';
  const index = inTestCase ? (issue.path[1] as number) : -1;
  const items = sources.testCaseItems;
  const name = inTestCase && Array.isArray(items) ? testCaseNameOf(items[index]) : null;
  return {
    code: issue.code,
    location: locationOf(issue, sources),
    test_case: inTestCase ? { name, index } : null,
    path: formatFieldPath(inTestCase ? issue.path.slice(2) : issue.path),
    message: issue.message,
    hint: issue.hint,
  };
}

function locationOf(issue: PendingIssue, sources: IssueSources): SourceLocation | null {
  if (issue.location !== undefined) return issue.location;
  if (issue.target === 'none') return null;
  const target = issue.target;
  const cases = sources.testCases;
  if (cases && issue.path[0] === 'test_cases') {
    return cases.document.locate([...cases.prefix, ...issue.path.slice(1)], target);
  }
  return sources.main ? sources.main.locate(issue.path, target) : null;
}
