/**
 * Expected (and forbidden) tools that no tool of the agent can match, found once the tools are known (the
 * MCP servers listed theirs) and before the first turn: most often a typo, which would fail every turn that
 * expects the tool — or, for a forbidden tool, pass without checking anything. One warning per name, with
 * the closest names the agent has and where the name is used.
 */
import type { ExpectedTool, TestCaseConfig } from '../core/config-types.js';
import { matchesToolName } from '../matchers/index.js';
import { editDistance } from './did-you-mean.js';

/** Closest names shown at most; with none close enough, this many of the agent's tools are listed. */
const MAX_NAMES = 3;
const MAX_LISTED = 8;

interface Use {
  readonly entry: ExpectedTool;
  readonly where: string;
}

export function unknownExpectedTools(testCases: readonly TestCaseConfig[], toolNames: readonly string[]): string[] {
  const unknown = new Map<string, Use[]>();
  // Whether each distinct (match mode, name) matches a tool, so a name used by many turns is checked once.
  const matched = new Map<string, boolean>();
  for (const testCase of testCases) {
    for (const turn of testCase.turns) {
      if (turn.expected_tools === null) continue;
      for (const entry of turn.expected_tools) {
        const key = `${entry.name_match}:${entry.name}`;
        let known = matched.get(key);
        if (known === undefined) {
          known = toolNames.some((name) => matchesToolName(entry.name, name, entry.name_match));
          matched.set(key, known);
        }
        if (known) continue;
        const where =
          testCase.kind === 'single'
            ? `test case "${testCase.name}"`
            : `test case "${testCase.name}" turn ${turn.index + 1}`;
        const uses = unknown.get(key);
        if (uses === undefined) unknown.set(key, [{ entry, where }]);
        else uses.push({ entry, where });
      }
    }
  }
  return [...unknown.values()].map((uses) => warningFor(uses, toolNames));
}

function warningFor(uses: readonly Use[], toolNames: readonly string[]): string {
  const { entry } = uses[0]!;
  const what = entry.count === 0 ? 'forbidden tool' : 'expected tool';
  const how = entry.name_match === 'exact' ? ' (exact name)' : '';
  const more = uses.length > 1 ? ` and ${uses.length - 1} more ${uses.length === 2 ? 'place' : 'places'}` : '';
  return `${what} "${entry.name}"${how} matches none of the agent's tools${closestText(entry.name, toolNames)} — in ${uses[0]!.where}${more}`;
}

function closestText(name: string, toolNames: readonly string[]): string {
  if (toolNames.length === 0) return ' (the agent has no tools)';
  const closest = closestNames(name, toolNames);
  if (closest.length > 0) return `; closest: ${closest.join(', ')}`;
  const listed = toolNames.slice(0, MAX_LISTED).join(', ');
  return `; its tools: ${listed}${toolNames.length > MAX_LISTED ? ', …' : ''}`;
}

/** The agent's names nearest to `name`, by edit distance to the whole name or to its end after a prefix. */
export function closestNames(name: string, toolNames: readonly string[]): string[] {
  const wanted = name.toLowerCase();
  const limit = Math.max(2, Math.floor(wanted.length / 3));
  return toolNames
    .map((candidate) => ({ candidate, distance: distanceTo(wanted, candidate.toLowerCase()) }))
    .filter(({ distance }) => distance <= limit)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, MAX_NAMES)
    .map(({ candidate }) => candidate);
}

/** The distance to the name, or to its end after a separator (`web_search` → `search`, `mcp__fin__divide` → `divide`). */
function distanceTo(wanted: string, candidate: string): number {
  let best = editDistance(wanted, candidate);
  for (const match of candidate.matchAll(/[_.-]+/g)) {
    best = Math.min(best, editDistance(wanted, candidate.slice(match.index + match[0].length)));
  }
  return best;
}
