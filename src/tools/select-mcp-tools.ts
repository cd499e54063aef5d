/**
 * Which tools of an MCP server the agent is offered, and under which names: `include` keeps only the tools
 * it lists, `exclude` leaves some out, `prefix` goes before every name the agent sees (the server is still
 * called with its own names). Naming a tool the server does not have is a setup error.
 */
import type { McpToolConfig } from '../core/config-types.js';
import { ToolSetupError } from '../core/errors.js';

export interface SelectedTool<T> {
  /** The name the agent sees. */
  readonly name: string;
  readonly tool: T;
}

export function selectMcpTools<T extends { readonly name: string }>(
  config: Pick<McpToolConfig, 'name' | 'include' | 'exclude' | 'prefix'>,
  listed: readonly T[],
): SelectedTool<T>[] {
  const names = new Set(listed.map((tool) => tool.name));
  const unknown = [...(config.include ?? []), ...config.exclude].filter((name) => !names.has(name));
  if (unknown.length > 0) {
    const which = unknown.map((name) => `"${name}"`).join(', ');
    const offered = listed.length === 0 ? 'none' : listed.map((tool) => tool.name).join(', ');
    throw new ToolSetupError(
      'MCP_TOOL_UNKNOWN',
      `MCP server "${config.name}" has no tool ${which} (named in its include/exclude); its tools are: ${offered}`,
    );
  }
  const include = config.include === null ? null : new Set(config.include);
  const exclude = new Set(config.exclude);
  return listed
    .filter((tool) => (include === null || include.has(tool.name)) && !exclude.has(tool.name))
    .map((tool) => ({ name: `${config.prefix}${tool.name}`, tool }));
}
