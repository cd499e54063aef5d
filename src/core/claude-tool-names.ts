/**
 * How the claude_agent_sdk backend's tools are named towards the model: they reach Claude Code through an
 * in-process MCP server, whose tools Claude Code offers as `mcp__<server>__<tool>` (`mcp__holodeck__subtract`).
 */
export const CLAUDE_TOOL_SERVER_NAME = 'holodeck';
export const CLAUDE_TOOL_NAME_PREFIX = `mcp__${CLAUDE_TOOL_SERVER_NAME}__`;
