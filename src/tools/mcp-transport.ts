/** The client transport for an MCP tool config: stdio (with its stderr and exit kept) or streamable HTTP. */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { McpToolConfig } from '../core/config-types.js';
import { BackendStartError } from '../core/errors.js';
import { isPlainValue } from '../core/plain-value.js';
import { limitMcpFetch, MAX_MCP_MESSAGE_BYTES, OVERSIZE_TEXT } from './mcp-message-limit.js';
import type { ExitStatus } from './mcp-server-health.js';
import { trackStdioServer } from './stdio-server-registry.js';

export interface McpTransportHandle {
  readonly transport: Transport;
  /** The last lines the server wrote to stderr (stdio only). */
  stderrTail(): string;
  /** How the stdio server's process ended, once it has (null while it runs, and for HTTP). */
  exitStatus(): ExitStatus | null;
  /** Why holodeck stopped the stdio server itself (a message over MAX_MCP_MESSAGE_BYTES), else null. */
  stopReason(): string | null;
}

const STDERR_TAIL_CHARS = 2000;

/**
 * `https://user:password@host/mcp`: fetch refuses a URL with credentials, so they go as HTTP Basic auth (RFC 7617),
 * as a browser or curl sends them — unless the configured headers already authorise the request.
 */
function withBasicAuth(url: URL, configured: Readonly<Record<string, string>>) {
  const headers: Record<string, string> = { ...configured };
  if (url.username === '' && url.password === '') return { url, headers };
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  if (!Object.keys(headers).some((name) => name.toLowerCase() === 'authorization')) {
    headers['Authorization'] = `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
  }
  return { url, headers };
}

export async function createMcpTransport(config: McpToolConfig, baseDir: string | null): Promise<McpTransportHandle> {
  if (config.url !== null) {
    const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
    // An answer over the limit fails the request it answers (through the client's own handler).
    const deliver = (message: JSONRPCMessage) => transport.onmessage?.(message);
    const { url, headers } = withBasicAuth(new URL(config.url), config.headers);
    const transport = new StreamableHTTPClientTransport(url, {
      requestInit: { headers },
      fetch: limitMcpFetch(deliver),
    });
    return { transport, stderrTail: () => '', exitStatus: () => null, stopReason: () => null };
  }
  if (config.command === null) {
    throw new BackendStartError(`MCP server "${config.name}" has neither a command nor a url`);
  }
  let stopped: string | null = null;
  // Loaded with the first stdio server: it brings child_process, which a run without one does not load.
  const { StdioProcessTransport } = await import('./stdio-process-transport.js');
  const transport = new StdioProcessTransport({
    command: config.command,
    args: config.args,
    env: config.env,
    cwd: config.cwd ?? baseDir,
    max_message_bytes: MAX_MCP_MESSAGE_BYTES,
    on_oversize: () => {
      stopped = `it sent ${OVERSIZE_TEXT}`;
    },
  });
  let tail = '';
  transport.stderr.on('data', (chunk: Buffer | string) => {
    tail = (tail + chunk.toString()).slice(-STDERR_TAIL_CHARS);
  });
  let exit: ExitStatus | null = null;
  const start = transport.start.bind(transport);
  transport.start = async () => {
    await start();
    // Its exit code is what tells a crash apart.
    const child = transport.child;
    if (child === null) return;
    trackStdioServer(child);
    child.once('exit', (code, signal) => {
      exit = { code, signal };
    });
  };
  const stderrTail = () => maskServerEnv(tail.trim(), config.env);
  return { transport, stderrTail, exitStatus: () => exit, stopReason: () => stopped };
}

/**
 * A server's stderr goes into the message of its crash, which the model is shown as the call's result: the values
 * the configuration gave it in `env` (its keys and passwords) read `***NAME` there, as in every output.
 */
function maskServerEnv(text: string, env: Readonly<Record<string, string>>): string {
  // The rule of every other output: a plain word or number stays as it is (`verbose` is no secret).
  const values = Object.entries(env)
    .filter(([, value]) => !isPlainValue(value))
    .sort(([, a], [, b]) => b.length - a.length);
  let masked = text;
  for (const [name, value] of values) masked = masked.split(value).join(`***${name}`);
  return masked;
}
