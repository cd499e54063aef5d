/**
 * A gateway on 127.0.0.1 in front of the fake model server that records every HTTP request it sees and
 * every proxy tunnel asked of it (refused). Pointed to as the model endpoint and as HTTPS_PROXY, it shows
 * all traffic a Claude Code process sends: to the endpoint, and to any other host.
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordingGateway {
  readonly url: string;
  /** `POST /v1/messages`, `HEAD /api/hello`, `CONNECT api.anthropic.com:443`, … in arrival order. */
  readonly seen: readonly string[];
  close(): Promise<void>;
}

export async function startRecordingGateway(target: string): Promise<RecordingGateway> {
  const seen: string[] = [];
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    seen.push(`${req.method ?? 'GET'} ${req.url ?? '/'}`);
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
        reply.on('error', () => res.destroy());
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  server.on('connect', (req, socket) => {
    seen.push(`CONNECT ${req.url ?? ''}`);
    socket.on('error', () => undefined);
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
