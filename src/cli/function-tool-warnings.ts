/**
 * What `holodeck validate` says of the tool assertions when every tool is a function tool, whose names and
 * input schemas the configuration holds, as `holodeck test` says it once its backend is up: expected tools none
 * of the agent's tools can match, and asserted arguments that are no parameter of their tool. An MCP server's
 * tools are known only once it runs; a module agent offered no tools reports calls of its own.
 */
import { unknownExpectedTools } from '../config/unknown-expected-tools.js';
import { closedParams, type ToolParams } from '../core/closed-params.js';
import type { AgentConfig } from '../core/config-types.js';
import { toolArgWarnings } from './tool-arg-warnings.js';

export async function functionToolWarnings(config: AgentConfig): Promise<string[]> {
  const tools = functionToolParams(config);
  if (tools === null) return [];
  const names = tools.map((tool) => tool.name);
  return [
    ...unknownExpectedTools(config.test_cases, names),
    ...(await toolArgWarnings(config, config.test_cases, tools)),
  ];
}

/** The agent's tools with their closed argument names, when the configuration alone tells them; else null. */
function functionToolParams(config: AgentConfig): ToolParams[] | null {
  const { backend, tools } = config;
  if (backend.type === 'claude_agent_sdk') return null;
  if (backend.type === 'module' && tools.length === 0) return null;
  const params: ToolParams[] = [];
  for (const tool of tools) {
    if (tool.type !== 'function') return null;
    params.push({ name: tool.name, params: closedParams(tool.definition.parameters) });
  }
  return params;
}
