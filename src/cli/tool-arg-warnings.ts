/**
 * Asserted arguments that are no parameter of their tool (unknown-tool-args.ts), each said where it is written:
 * `agent.yaml:8:47: forbidden tool "issue_refund" asserts argument "ammount", which is not a parameter of
 * issue_refund (did you mean `amount`?): …`, in the test cases file when one holds the case.
 */
import { isAbsolute, relative } from 'node:path';
import { locatePendingIssues } from '../config/check-runnable.js';
import { pendingIssue } from '../config/pending-issue.js';
import { unknownToolArgs } from '../config/unknown-tool-args.js';
import type { ToolParams } from '../core/closed-params.js';
import type { AgentConfig, TestCaseConfig } from '../core/config-types.js';

export async function toolArgWarnings(
  config: AgentConfig,
  cases: readonly TestCaseConfig[],
  tools: readonly ToolParams[],
  cwd = process.cwd(),
): Promise<string[]> {
  const found = unknownToolArgs(cases, tools);
  if (found.length === 0) return [];
  const pending = found.map((arg) => pendingIssue('UNKNOWN_TOOL_ARG', arg.path, arg.message, { target: 'key' }));
  const located = await locatePendingIssues(config, process.env, pending);
  return located.map((issue) => {
    if (issue.location === null) return issue.message;
    const { file, line, column } = issue.location;
    const shown = isAbsolute(file) ? relative(cwd, file) || file : file;
    return `${shown}:${line}:${column}: ${issue.message}`;
  });
}
