/** Loads every configured tool (function modules and MCP servers) into one ToolSet. */
import type { ToolConfig } from '../core/config-types.js';
import { ToolSetupError } from '../core/errors.js';
import type { LoadedTool, ToolSet } from '../core/loaded-tool.js';
import { connectMcpServer, type McpConnection } from './connect-mcp-server.js';
import { functionTool } from './function-tool.js';
import { createToolWorkers, type ToolWorkers } from './tool-workers.js';

export interface LoadToolSetOptions {
  /** Default 30000. */
  readonly startup_timeout_ms?: number;
  /** Folder stdio MCP servers run in when their config sets no `cwd` (the config file's folder). */
  readonly base_dir?: string | null;
  /**
   * Where function tools run: by default this thread's own tool threads; in a case worker, the main thread's
   * (remoteToolWorkers). Closing the tool set closes this side of them.
   */
  readonly tool_workers?: ToolWorkers;
}

interface Source {
  readonly label: string;
  readonly mcp: boolean;
  /** An MCP server's `prefix`: its tools' names are it followed by the server's own names. */
  readonly prefix: string;
  readonly tools: readonly LoadedTool[];
}

export async function loadToolSet(tools: readonly ToolConfig[], options: LoadToolSetOptions = {}): Promise<ToolSet> {
  const connections: McpConnection[] = [];
  const workers = options.tool_workers ?? createToolWorkers();
  const closeAll = () => Promise.all([...connections.map((c) => c.close()), workers.close()]).then(() => undefined);
  const sources: Source[] = [];
  const mcpOptions = { startup_timeout_ms: options.startup_timeout_ms ?? 30_000, base_dir: options.base_dir ?? null };
  const started = await Promise.allSettled(
    tools.map(async (config): Promise<Source> => {
      if (config.type === 'function') {
        return {
          label: `function tool "${config.name}"`,
          mcp: false,
          prefix: '',
          tools: [functionTool(config, workers, mcpOptions.base_dir)],
        };
      }
      const connection = await connectMcpServer(config, mcpOptions);
      connections.push(connection);
      return { label: `MCP server "${config.name}"`, mcp: true, prefix: config.prefix, tools: connection.tools };
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

/** Every tool name once: two sources offering the same name is a setup error naming both and the fix. */
function uniqueTools(sources: readonly Source[]): readonly LoadedTool[] {
  const owner = new Map<string, Source>();
  const out: LoadedTool[] = [];
  for (const source of sources) {
    for (const tool of source.tools) {
      const previous = owner.get(tool.name);
      if (previous === source) {
        // One server listing a name twice: no prefix or exclude of ours can tell the two apart.
        throw new ToolSetupError(
          'TOOL_NAME_CLASH',
          `${source.label} lists the tool "${tool.name}" twice: its tools/list must name each tool once; fix the server, or leave the tool out with \`exclude: [${tool.name}]\``,
        );
      }
      if (previous !== undefined) {
        throw new ToolSetupError(
          'TOOL_NAME_CLASH',
          `tool name "${tool.name}" is offered by both ${previous.label} and ${source.label}; ${clashFix(previous, source, tool.name)}`,
        );
      }
      owner.set(tool.name, source);
      out.push(tool);
    }
  }
  return out;
}

function clashFix(first: Source, second: Source, name: string): string {
  const mcp = [first, second].filter((s) => s.mcp);
  const servers = mcp.map((s) => s.label);
  // `exclude` takes the server's own names: under a prefix, the name the agent sees is not one.
  const own = (source: Source) => (name.startsWith(source.prefix) ? name.slice(source.prefix.length) : name);
  const exclude = mcp.every((source) => source.prefix === '')
    ? `\`exclude: [${name}]\``
    : mcp.map((source) => `\`exclude: [${own(source)}]\` on ${source.label}`).join(' or ');
  const a = mcp.some((source) => source.prefix !== '') ? 'another' : 'a';
  const mcpFix = `give ${servers.join(' or ')} ${a} \`prefix\` (e.g. prefix: "${prefixHint(servers[0] ?? '')}_"), or leave the tool out with ${exclude}`;
  return first.mcp || second.mcp
    ? mcpFix + (first.mcp && second.mcp ? '' : ', or rename the function tool')
    : 'rename one of them';
}

/** `fs` from `MCP server "fs"`. */
function prefixHint(label: string): string {
  return /"([^"]+)"/.exec(label)?.[1]?.replace(/[^A-Za-z0-9]/g, '_') ?? 'server';
}
