/** An issue before it is located in a source file and attributed to a test case. */
import type { SourceLocation } from '../core/errors.js';

export type PathSegment = string | number;
export type ConfigPath = readonly PathSegment[];

/**
 * Where the issue points: the value at `path`, the key of its last segment (unknown keys), the mapping
 * that should hold it (missing keys), or nowhere (environment variables).
 */
export type IssueTarget = 'value' | 'key' | 'parent' | 'none';

export interface PendingIssue {
  readonly code: string;
  /** From the configuration root; test cases are `test_cases[i]` even when they come from test_cases_file. */
  readonly path: ConfigPath;
  readonly target: IssueTarget;
  readonly message: string;
  readonly hint: string | null;
  /** Set when the position is known without a path (syntax errors). */
  readonly location?: SourceLocation | null;
}

export function pendingIssue(
  code: string,
  path: ConfigPath,
  message: string,
  options: { hint?: string | null; target?: IssueTarget } = {},
): PendingIssue {
  return { code, path, target: options.target ?? 'value', message, hint: options.hint ?? null };
}

/** Collects issues while a stage runs. */
export class IssueSink {
  readonly issues: PendingIssue[] = [];

  add(issue: PendingIssue): void {
    this.issues.push(issue);
  }

  addAll(issues: readonly PendingIssue[]): void {
    for (const issue of issues) this.issues.push(issue);
  }

  get size(): number {
    return this.issues.length;
  }
}
