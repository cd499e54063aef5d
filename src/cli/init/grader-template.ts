/** The code grader of the project `holodeck init` writes. */

export const USES_TOOL_RESULT_TS = `// A code grader: a function of the turn's context, referenced in agent.yaml as "file:export".
// Return true/false, a score in [0, 1], or { score, passed?, reason?, details? }; sync or async.
import type { GraderContext, GraderResult } from 'holodeck';

/** Passes when the answer states the result of the last tool the agent called in this turn. */
export function usesToolResult(ctx: GraderContext): GraderResult {
  const last = ctx.tool_invocations.at(-1);
  if (last === undefined) return { score: 0, reason: 'no tool was called in this turn' };
  const result = String(last.result);
  const answer = ctx.agent_response.replace(/(\\d),(?=\\d{3})/g, '$1'); // 1,250 -> 1250
  const stated = answer.includes(result);
  return {
    score: stated ? 1 : 0,
    reason: stated ? \`the answer states \${last.name}'s result \${result}\` : \`the answer does not state \${result}\`,
    details: { tool: last.name, result: last.result },
  };
}
`;
