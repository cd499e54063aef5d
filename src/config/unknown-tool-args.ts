/**
 * Asserted arguments that no tool an entry can match takes: an `args` key of an expected or forbidden tool that is
 * not a parameter of its tool, found once the tools' input schemas are known (a function tool's at load, an MCP
 * server's once it listed its tools). Most often a typo: no call can then satisfy the expected tool, and the
 * forbidden-tool check passes whatever the agent calls. Said only where every tool the entry's name matches
 * closes its argument names (closed-params.ts); one warning per tool entry and argument, at its first use.
 */

import type { ToolParams } from '../core/closed-params.js';
import type { ExpectedTool, TestCaseConfig, TurnConfig } from '../core/config-types.js';
import { matchesToolName } from '../matchers/index.js';
import { didYouMean } from './did-you-mean.js';
import type { ConfigPath } from './pending-issue.js';

/** Tools named in a warning at most; parameters listed when none is close. */
const MAX_TOOLS = 3;
const MAX_LISTED = 8;

export interface UnknownToolArg {
  /** Where the argument's key is written, at its first use. */
  readonly path: ConfigPath;
  /** What is wrong, with where else it is used (`— in test case "x" and 2 more places`). */
  readonly message: string;
}

interface Group {
  readonly entry: ExpectedTool;
  readonly arg: string;
  readonly tools: readonly ToolParams[];
  readonly uses: { readonly path: ConfigPath; readonly where: string }[];
}

export function unknownToolArgs(testCases: readonly TestCaseConfig[], tools: readonly ToolParams[]): UnknownToolArg[] {
  const groups = new Map<string, Group>();
  // The tools each distinct (match mode, name) matches, closed ones only (null: one is not closed, or none matches).
  const matched = new Map<string, readonly ToolParams[] | null>();
  for (const testCase of testCases) {
    for (const turn of testCase.turns) {
      for (const { entry, path } of entriesWithArgs(testCase, turn)) {
        const toolsKey = `${entry.name_match}:${entry.name}`;
        let closed = matched.get(toolsKey);
        if (closed === undefined) {
          closed = closedMatches(entry, tools);
          matched.set(toolsKey, closed);
        }
        if (closed === null) continue;
        const where =
          testCase.kind === 'single'
            ? `test case "${testCase.name}"`
            : `test case "${testCase.name}" turn ${turn.index + 1}`;
        for (const arg of Object.keys(entry.args ?? {})) {
          if (closed.some((tool) => tool.params?.includes(arg))) continue;
          const key = JSON.stringify([entry.count === 0, toolsKey, arg]);
          const use = { path: [...path, 'args', arg], where };
          const group = groups.get(key);
          if (group === undefined) groups.set(key, { entry, arg, tools: closed, uses: [use] });
          else group.uses.push(use);
        }
      }
    }
  }
  return [...groups.values()].map((group) => ({ path: group.uses[0]!.path, message: messageFor(group) }));
}

/** The tools the entry's name matches, when there are some and each closes its argument names; else null. */
function closedMatches(entry: ExpectedTool, tools: readonly ToolParams[]): readonly ToolParams[] | null {
  const matches = tools.filter((tool) => matchesToolName(entry.name, tool.name, entry.name_match));
  return matches.length > 0 && matches.every((tool) => tool.params !== null) ? matches : null;
}

/**
 * The turn's entries that assert arguments, with where each is written: `expected_tools[i]` for the expected
 * entries (listed first, count >= 1), `forbidden_tools[i]` for the forbidden ones (count 0).
 */
function entriesWithArgs(testCase: TestCaseConfig, turn: TurnConfig): { entry: ExpectedTool; path: ConfigPath }[] {
  const entries = turn.expected_tools ?? [];
  const base: ConfigPath =
    testCase.kind === 'single' ? ['test_cases', testCase.index] : ['test_cases', testCase.index, 'turns', turn.index];
  const expectedCount = entries.filter((entry) => entry.count > 0).length;
  const found: { entry: ExpectedTool; path: ConfigPath }[] = [];
  for (const [i, entry] of entries.entries()) {
    if (entry.args === null) continue;
    const path: ConfigPath =
      entry.count > 0 ? [...base, 'expected_tools', i] : [...base, 'forbidden_tools', i - expectedCount];
    found.push({ entry, path });
  }
  return found;
}

function messageFor(group: Group): string {
  const { entry, arg, tools, uses } = group;
  const names = tools.map((tool) => tool.name);
  const shown = names.slice(0, MAX_TOOLS).join(', ') + (names.length > MAX_TOOLS ? ', …' : '');
  const params = [...new Set(tools.flatMap((tool) => tool.params ?? []))];
  const suggestion = didYouMean(arg, params);
  const listed = params.slice(0, MAX_LISTED).join(', ') + (params.length > MAX_LISTED ? ', …' : '');
  const hint = suggestion ?? (params.length === 0 ? `${shown} takes no arguments` : `its parameters: ${listed}`);
  const what = entry.count === 0 ? 'forbidden tool' : 'expected tool';
  const effect =
    entry.count === 0
      ? 'no call can match it, so the check passes whatever the agent calls'
      : 'only a call with an argument its tool does not take can satisfy it';
  const more = uses.length > 1 ? ` and ${uses.length - 1} more ${uses.length === 2 ? 'place' : 'places'}` : '';
  return `${what} "${entry.name}" asserts argument "${arg}", which is not a parameter of ${shown} (${hint}): ${effect} — in ${uses[0]!.where}${more}`;
}
