/**
 * A streamable HTTP MCP server, written out by hand, that starts as a server should (initialize, tools/list of one
 * tool `echo`) and then answers every `tools/call` with `answer` as the body: JSON cut off, or a result that does
 * not fit the protocol. The SDK's own server would never send either.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BrokenMcpHttpServer {
  readonly url: string;
  close(): Promise<void>;
}

export async function startBrokenMcpHttpServer(answer: (id: number) => string): Promise<BrokenMcpHttpServer> {
  const http = createServer(async (req, res) => {
    if (req.method !== 'POST') return void res.writeHead(405).end();
    const message = JSON.parse(await bodyOf(req)) as { id?: number; method: string };
    if (message.id === undefined) return void res.writeHead(202).end(); // a notification
    const json = { 'content-type': 'application/json' };
    if (message.method === 'tools/call') return void res.writeHead(200, json).end(answer(message.id));
    const result =
      message.method === 'initialize'
        ? { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'broken', version: '1' } }
        : { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] };
    res.writeHead(200, json).end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
  });
  return listening(http);
}

/** Listens on a free port of 127.0.0.1; its URL names the MCP path. */
async function listening(http: Server): Promise<BrokenMcpHttpServer> {
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((done) => {
        http.close(() => done());
        http.closeAllConnections();
      }),
  };
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return body;
}

/** An HTTP server that answers every request with `status`, `body` and `contentType`: no MCP server behind it. */
export async function startStatusHttpServer(
  status: number,
  body: string,
  contentType = 'text/plain',
): Promise<BrokenMcpHttpServer> {
  const http = createServer((_req, res) => {
    res.writeHead(status, { 'content-type': contentType }).end(body);
  });
  return listening(http);
}
