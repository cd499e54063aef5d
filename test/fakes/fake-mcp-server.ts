/**
 * An MCP server (official SDK) with a few finance tools, for tool-loading tests.
 *
 *   stdio:  node --import tsx test/fakes/fake-mcp-server.ts [--crash] [--bad-tools-list] [--listed-twice] [--banner] [--not-mcp]
 *           [--pid-file FILE] [--ignore-stdin-close]
 *   http:   node --import tsx test/fakes/fake-mcp-server.ts --http --port 0   (prints {"url": ...})
 *
 * Tools: lookup({row, column}), subtract({a, b}), divide({a, b}), describe({}) → JSON content,
 * unavailable({}) → an isError result, explode({}) → a handler that throws, slow({ms}),
 * flood({mb}) → mb megabytes on stdout without a newline, big({mb}) → a text result of mb megabytes.
 */
import { writeFileSync, writeSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const TABLE: Readonly<Record<string, number>> = { '2009': 206588, '2008': 181001 };

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

/** Writes to stdout whatever the pipe's room (a non-blocking pipe takes part of a block at a time). */
function writeAll(block: Buffer): void {
  for (let at = 0; at < block.length; ) {
    try {
      at += writeSync(1, block, at);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
    }
  }
}

export function createFakeMcpServer(): McpServer {
  const server = new McpServer({ name: 'fake-finance', version: '1.0.0' });
  server.registerTool(
    'lookup',
    { description: 'A cell of the cash-flow table', inputSchema: { row: z.string(), column: z.string() } },
    async ({ column }) => {
      const value = TABLE[column];
      return value === undefined ? { ...text(`no value for column ${column}`), isError: true } : text(String(value));
    },
  );
  server.registerTool(
    'subtract',
    { description: 'a - b', inputSchema: { a: z.number(), b: z.number() } },
    async ({ a, b }) => text(String(a - b)),
  );
  server.registerTool(
    'divide',
    { description: 'a / b', inputSchema: { a: z.number(), b: z.number() } },
    async ({ a, b }) => text(String(a / b)),
  );
  server.registerTool('describe', { description: 'Describes the table as JSON' }, async () =>
    text(JSON.stringify({ rows: 1, columns: Object.keys(TABLE) })),
  );
  server.registerTool('unavailable', { description: 'Always reports an error' }, async () => ({
    ...text('the archive is offline'),
    isError: true,
  }));
  server.registerTool('explode', { description: 'Throws inside the handler' }, async () => {
    throw new Error('handler exploded');
  });
  server.registerTool(
    'slow',
    { description: 'Answers after ms milliseconds', inputSchema: { ms: z.number() } },
    async ({ ms }) => {
      await new Promise((done) => setTimeout(done, ms));
      return text('done');
    },
  );
  server.registerTool(
    'flood',
    {
      description: 'Writes mb megabytes to stdout with no newline (a broken server), then never answers',
      inputSchema: { mb: z.number() },
    },
    async ({ mb }) => {
      const block = Buffer.alloc(1024 * 1024, 'x');
      for (let i = 0; i < mb; i += 1) writeAll(block);
      return new Promise(() => {});
    },
  );
  server.registerTool(
    'big',
    { description: 'Answers with a text of mb megabytes', inputSchema: { mb: z.number() } },
    async ({ mb }) => text('x'.repeat(Math.round(mb * 1024 * 1024))),
  );
  return server;
}

export interface FakeMcpHttpServer {
  /** The MCP endpoint, e.g. `http://127.0.0.1:PORT/mcp`. */
  readonly url: string;
  /** Headers of every HTTP request received (lower-cased names). */
  readonly headers: readonly Readonly<Record<string, string | string[] | undefined>>[];
  close(): Promise<void>;
}

/**
 * Streamable HTTP in stateless mode: a fresh server and transport per HTTP request. Answers come as event
 * streams, or as JSON bodies with `json: true`.
 */
export async function startFakeMcpHttpServer(
  options: { port?: number; json?: boolean } = {},
): Promise<FakeMcpHttpServer> {
  const headers: IncomingMessage['headers'][] = [];
  const http = createServer((req, res) => {
    headers.push(req.headers);
    if (!req.url?.startsWith('/mcp')) {
      res.writeHead(404).end();
      return;
    }
    const server = createFakeMcpServer();
    // No sessionIdGenerator: stateless, a fresh transport per request.
    const transport = new StreamableHTTPServerTransport({ enableJsonResponse: options.json === true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    server
      .connect(transport)
      .then(() => transport.handleRequest(req, res))
      .catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
      });
  });
  await new Promise<void>((done) => http.listen(options.port ?? 0, '127.0.0.1', done));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    headers,
    close: () =>
      new Promise<void>((done) => {
        http.close(() => done());
        http.closeAllConnections();
      }),
  };
}

async function main(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      http: { type: 'boolean', default: false },
      port: { type: 'string', default: '0' },
      crash: { type: 'boolean', default: false },
      'bad-tools-list': { type: 'boolean', default: false },
      // A broken server listing one tool twice.
      'listed-twice': { type: 'boolean', default: false },
      // Logs a line to stdout before it serves (against the protocol, but common).
      banner: { type: 'boolean', default: false },
      // No MCP server at all: it prints its usage to stdout and waits.
      'not-mcp': { type: 'boolean', default: false },
      'pid-file': { type: 'string' },
      // A server that does not end when its stdin closes (it only stops when signalled).
      'ignore-stdin-close': { type: 'boolean', default: false },
    },
  });
  if (values['pid-file'] !== undefined) writeFileSync(values['pid-file'], String(process.pid));
  if (values.crash) {
    process.stderr.write('fake-mcp-server: cannot open the finance database\n');
    process.exit(1);
  }
  if (values['not-mcp']) {
    process.stdout.write('usage: finance-db [--serve] [--port N]\n');
    setInterval(() => undefined, 60_000);
    return;
  }
  if (values.banner) process.stdout.write('finance MCP server ready on stdio\n');
  if (values.http) {
    const server = await startFakeMcpHttpServer({ port: Number(values.port) });
    process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
    process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
    return;
  }
  const server = createFakeMcpServer();
  if (values['listed-twice']) {
    const lookup = { name: 'lookup', inputSchema: { type: 'object' as const, properties: {} } };
    server.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [lookup, lookup] }));
  }
  if (values['bad-tools-list']) {
    // A broken server: its tools/list answer does not fit the protocol's schema.
    server.server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: [{ name: 'lookup', inputSchema: { type: 'object', required: 5 } }],
    }));
  }
  await server.connect(new StdioServerTransport());
  // Like real stdio servers: the client closing stdin ends the server.
  if (!values['ignore-stdin-close']) process.stdin.on('close', () => process.exit(0));
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`fake-mcp-server: ${String(error)}\n`);
    process.exit(1);
  });
}
