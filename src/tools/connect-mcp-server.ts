/**
 * Connects to one MCP server (stdio or streamable HTTP) and exposes its tools as LoadedTools: the ones
 * `include`/`exclude` select, under their `prefix`ed names. A server that dies or drops its connection
 * mid-run fails its calls with a ToolServerCrashedError (see mcp-server-health.ts).
 */

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { runTimer } from '../core/clock.js';
import type { McpToolConfig } from '../core/config-types.js';
import { escapeControlChars } from '../core/display-controls.js';
import { BackendStartError, ToolServerCrashedError, ToolSetupError } from '../core/errors.js';
import { followAbort } from '../core/follow-abort.js';
import type { LoadedTool } from '../core/loaded-tool.js';
import { abortMessage } from './abort-message.js';
import { mcpCallResultValue } from './mcp-call-result.js';
import { isOversizeAnswer, OVERSIZE_TEXT } from './mcp-message-limit.js';
import { createServerHealth, httpFailureStatus, type ServerHealth } from './mcp-server-health.js';
import { createMcpTransport, type McpTransportHandle } from './mcp-transport.js';
import { selectMcpTools } from './select-mcp-tools.js';
import { errorMessage, ToolExecutionError } from './tool-execution-error.js';

export interface McpConnectOptions {
  /** How long the server may take to start and answer `initialize` and `tools/list`. */
  readonly startup_timeout_ms: number;
  /** Folder a stdio server runs in when its config sets no `cwd`. */
  readonly base_dir: string | null;
}

export interface McpConnection {
  readonly tools: readonly LoadedTool[];
  close(): Promise<void>;
}

/** Tool calls are bounded by the turn's signal, not by the SDK's default request timeout. */
const CALL_TIMEOUT_MS = 24 * 60 * 60 * 1000;

export async function connectMcpServer(config: McpToolConfig, options: McpConnectOptions): Promise<McpConnection> {
  const sdk = await import('@modelcontextprotocol/sdk/client/index.js');
  const handle = await createMcpTransport(config, options.base_dir);
  const client = new sdk.Client({ name: 'holodeck', version: '1.0.0' });
  const health = createServerHealth({
    name: config.name,
    where: whereOf(config),
    stdio: config.url === null,
    exitStatus: handle.exitStatus,
    stderrTail: handle.stderrTail,
    stopReason: handle.stopReason,
  });
  const close = async () => {
    health.closing();
    await client.close().catch(() => undefined);
  };
  // What a stdio server wrote to stdout that is no protocol message, while it starts: a server that logs to
  // stdout never answers, and the timeout alone would not say why.
  let noise: unknown = null;
  client.onerror = (error) => {
    noise ??= isUnreadableLine(error) ? error : null;
  };
  try {
    await client.connect(handle.transport, { timeout: options.startup_timeout_ms });
    client.onclose = () => health.closed();
    client.onerror = (error) => {
      health.transportError(error);
      // A stdio line of JSON that is no protocol message (`"result": null`) was meant as an answer; a line that
      // is not JSON at all is taken for a log line, passed over as at start-up (an HTTP server's answer comes
      // back on its own call).
      if (config.url === null && isUnreadableLine(error) && schemaIssues(error) !== null) health.unreadable(error);
    };
    const listed = await listAllTools(client, options.startup_timeout_ms);
    const link: ServerLink = { server: config.name, where: whereOf(config), client, health };
    const tools = selectMcpTools(config, listed).map(({ name, tool }) => mcpTool(link, name, tool));
    return { tools, close };
  } catch (error) {
    await close();
    if (error instanceof ToolSetupError) throw error;
    throw await startError(config, handle, error, noise, options.startup_timeout_ms);
  }
}

type ListedTool = Awaited<ReturnType<Client['listTools']>>['tools'][number];

interface ServerLink {
  readonly server: string;
  /** The URL, or the command line, that names the server in messages. */
  readonly where: string;
  readonly client: Client;
  readonly health: ServerHealth;
}

function mcpTool({ server, where, client, health }: ServerLink, name: string, tool: ListedTool): LoadedTool {
  return {
    name,
    description: tool.description ?? '',
    input_schema: tool.inputSchema,
    async execute(args, signal) {
      let result: Parameters<typeof mcpCallResultValue>[0];
      // The SDK leaves its abort listener on the signal it is given: give it one per call.
      const call = followAbort(signal);
      try {
        // A server known to be gone is not called again.
        if (health.dead !== null) throw health.dead;
        const sent = client.callTool({ name: tool.name, arguments: args }, undefined, {
          signal: call.signal,
          timeout: CALL_TIMEOUT_MS,
        });
        result = await health.guard(sent);
      } catch (error) {
        // Give the last stderr lines of a server that just exited a moment to arrive.
        await new Promise((done) => setImmediate(done));
        const crash = health.crashOf(error);
        if (crash !== null) throw crash;
        // Cut off by its turn (the time limit, Ctrl-C): said as a function tool's is, not as the SDK words it.
        if (call.signal.aborted) {
          throw new ToolExecutionError(`MCP server "${server}": ${abortMessage(name, call.signal.reason)}`, {
            cause: error,
          });
        }
        if (isOversizeAnswer(error)) {
          throw new ToolExecutionError(`MCP server "${server}" sent ${OVERSIZE_TEXT}: its answer was not read`);
        }
        // An answer that is not JSON, or not an MCP result: the server is broken, not the tool's work refused.
        if (isUnreadableLine(error)) {
          const issues = schemaIssues(error);
          const what =
            issues === null ? `is not JSON: ${errorMessage(error)}` : `does not fit the MCP protocol: ${issues}`;
          const message = `MCP server "${server}" (${where}) sent an answer that ${what}`;
          throw new ToolServerCrashedError(server, message, { cause: error });
        }
        throw new ToolExecutionError(`MCP server "${server}": ${describeCause(error)}`, { cause: error });
      } finally {
        call.dispose();
      }
      return mcpCallResultValue(result);
    },
  };
}

async function listAllTools(client: Client, timeout: number): Promise<readonly ListedTool[]> {
  const tools: ListedTool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}

function whereOf(config: McpToolConfig): string {
  return config.url ?? [config.command ?? '', ...config.args].join(' ');
}

async function startError(
  config: McpToolConfig,
  handle: McpTransportHandle,
  error: unknown,
  noise: unknown,
  timeoutMs: number,
): Promise<BackendStartError> {
  // Give the child's last stderr lines a moment to arrive after it exits.
  await new Promise((done) => runTimer(done, 50));
  const stderr = handle.stderrTail();
  const http = config.url !== null;
  const unread =
    noise === null || http
      ? ''
      : ` — it wrote to stdout ${noise instanceof SyntaxError ? 'a line that is not JSON' : 'JSON that is no MCP message'}: a stdio server writes only protocol messages to stdout, and its logs to stderr`;
  // The SDK's own words (`MCP error -32001: Request timed out`, `Connection closed`) say neither what it waited
  // for nor how long, nor how the server ended; an HTTP error's, not its status.
  const timedOut = (error as { code?: unknown } | null)?.code === REQUEST_TIMEOUT;
  const status = http ? httpFailureStatus(error) : null;
  // Only when the connection closed under the client: after any other failure, the client closed it itself.
  const exit = (error as { code?: unknown } | null)?.code === CONNECTION_CLOSED ? handle.exitStatus() : null;
  const cause = timedOut
    ? `it did not answer initialize and tools/list within ${timeoutMs / 1000} s (the limit for a server to start)`
    : status !== null
      ? `it answered HTTP ${status}${statusReason(error)}`
      : exit !== null
        ? `it ${exit.signal === null ? `exited with code ${exit.code ?? 'unknown'}` : `was killed by ${exit.signal}`} before it had listed its tools (${describeCause(error)})`
        : http && notMcpAnswer(error, noise) !== null
          ? `it answered with ${notMcpAnswer(error, noise)} (an HTML page, another service): check that the url is the server's MCP endpoint`
          : describeCause(error);
  const message =
    `MCP server "${config.name}" (${whereOf(config)}) failed to start: ${cause}${unread}` +
    // What the server wrote is shown, never played: its escape sequences and bidirectional marks are spelled out.
    (stderr === '' ? '' : `\nstderr:\n${escapeControlChars(stderr)}`);
  return new BackendStartError(message, { cause: error });
}

/** What an HTTP answer was instead of MCP (never quoting it: it may hold a secret), or null when it was MCP. */
function notMcpAnswer(error: unknown, noise: unknown): string | null {
  const type = /Unexpected content type: ([^\s;,]+)/.exec(errorMessage(error))?.[1];
  if (type !== undefined) return `content of type ${type}, not JSON or an event stream`;
  if (error instanceof SyntaxError || noise instanceof SyntaxError) return 'what is not JSON';
  // An answer that fits the protocol but for a few fields is said field by field (describeCause).
  return noise !== null && schemaIssues(error) === null ? 'JSON that is no MCP message' : null;
}

/** `: Unauthorized` — what the server said with its status, when it said something (the SDK quotes the body). */
function statusReason(error: unknown): string {
  const said = errorMessage(error)
    .replace(/^.*?Error POSTing to endpoint(?: \(HTTP \d+\))?:\s*/s, '')
    .trim();
  return said === '' ? ' with an empty body' : `: ${said.length > 300 ? `${said.slice(0, 297)}...` : said}`;
}

/** The SDK's error code for a request that got no answer in time (ErrorCode.RequestTimeout). */
const REQUEST_TIMEOUT = -32001;
/** The SDK's error code for a request whose connection closed before its answer (ErrorCode.ConnectionClosed). */
const CONNECTION_CLOSED = -32000;

/** A line of a stdio server's stdout that is not JSON, or not a JSON-RPC message. */
function isUnreadableLine(error: unknown): boolean {
  return error instanceof SyntaxError || schemaIssues(error) !== null;
}

function describeCause(error: unknown): string {
  const issues = schemaIssues(error);
  if (issues !== null) return `its answer does not fit the MCP protocol: ${issues}`;
  const message = errorMessage(error);
  const cause = error instanceof Error ? error.cause : undefined;
  return cause === undefined ? message : `${message} (${errorMessage(cause)})`;
}

/**
 * `tools.0.inputSchema.required: Invalid input: expected array, received number`: the issues of an answer the
 * SDK's schema refused (a zod error, whose own message is the issues as indented JSON), at most three.
 */
function schemaIssues(error: unknown): string | null {
  const issues = (error as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues) || issues.length === 0) return null;
  const shown = issues.slice(0, 3).map((issue: { path?: unknown; message?: unknown } | null) => {
    const path = Array.isArray(issue?.path) ? issue.path.join('.') : '';
    return `${path === '' ? '(root)' : path}: ${String(issue?.message ?? 'invalid')}`;
  });
  return shown.join('; ') + (issues.length > 3 ? ` (and ${issues.length - 3} more)` : '');
}
