/**
 * The text of one configuration issue (PRODUCT.md §3):
 *
 *   agent.yaml:42:15  test_cases[3] "JKHY-2009" › turns[1].expected_tools[0].args.b.regex
 *     invalid regular expression "(2009": missing ) — fix the pattern or use { fuzzy: ... }
 */
import { isAbsolute, relative } from 'node:path';
import { escapeControlChars } from '../core/display-controls.js';
import type { ConfigIssue } from '../core/errors.js';

/**
 * Names and values quoted from the configuration (a duplicate test case's name) show their control and
 * bidirectional characters spelled out, as the console shows them.
 */
export function formatConfigIssue(issue: ConfigIssue, cwd: string): string {
  const head: string[] = [];
  if (issue.location) {
    const { file, line, column } = issue.location;
    const shown = isAbsolute(file) ? relative(cwd, file) || file : file;
    head.push(`${shown}:${line}:${column}`);
  }
  const where: string[] = [];
  if (issue.test_case) {
    const name = issue.test_case.name === null ? '' : ` ${JSON.stringify(issue.test_case.name)}`;
    where.push(`test_cases[${issue.test_case.index}]${name}`);
  }
  if (issue.path !== '') where.push(issue.path);
  if (where.length > 0) head.push(where.join(' › '));
  const body = issue.hint ? `${issue.message} — ${issue.hint}` : issue.message;
  return escapeControlChars(head.length > 0 ? `${head.join('  ')}\n  ${body}` : body);
}
