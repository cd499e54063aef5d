/** Loads every configured tool (function modules and MCP servers) into one ToolSet. */
import type { ToolConfig } from '../core/config-types.js';
import { BackendStartError } from '../core/errors.js';
import type { LoadedTool, ToolSet } from '../core/loaded-tool.js';
import { connectMcpServer, type McpConnection } from './connect-mcp-server.js';
import { functionTool } from './function-tool.js';

export interface LoadToolSetOptions {
  /** Default 30000. */
  readonly startup_timeout_ms?: number;
  /** Folder stdio MCP servers run in when their config sets no `cwd` (the config file's folder). */
  readonly base_dir?: string | null;
}

interface Source {
  readonly label: string;
  readonly tools: readonly LoadedTool[];
}

export async function loadToolSet(tools: readonly ToolConfig[], options: LoadToolSetOptions = {}): Promise<ToolSet> {
  const connections: McpConnection[] = [];
  const closeAll = () => Promise.all(connections.map((c) => c.close())).then(() => undefined);
  const sources: Source[] = [];
  const mcpOptions = { startup_timeout_ms: options.startup_timeout_ms ?? 30_000, base_dir: options.base_dir ?? null };
  const started = await Promise.allSettled(
    tools.map(async (config): Promise<Source> => {
      if (config.type === 'function') return { label: `function tool "${config.name}"`, tools: [functionTool(config)] };
      const connection = await connectMcpServer(config, mcpOptions);
      connections.push(connection);
      return { label: `MCP server "${config.name}"`, tools: connection.tools };
    }),
  );
  const failure = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failure !== undefined) {
    await closeAll();
    throw failure.reason;
  }
  for (const s of started) if (s.status === 'fulfilled') sources.push(s.value);
  try {
    return { tools: uniqueTools(sources), close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

function uniqueTools(sources: readonly Source[]): readonly LoadedTool[] {
  const owner = new Map<string, string>();
  const out: LoadedTool[] = [];
  for (const source of sources) {
    for (const tool of source.tools) {
      const previous = owner.get(tool.name);
      if (previous !== undefined) {
        throw new BackendStartError(
          `tool name "${tool.name}" is provided by both ${previous} and ${source.label}; ` +
            'rename the function tool, or remove one of the servers',
        );
      }
      owner.set(tool.name, source.label);
      out.push(tool);
    }
  }
  return out;
}
