/** Server-sent events to every open page: `runs` when the results folder changed. */
import type { ServerResponse } from 'node:http';
import { clearRunInterval, runInterval } from '../core/clock.js';

export const HEARTBEAT_MS = 25_000;

export class EventHub {
  readonly #clients = new Set<ServerResponse>();
  readonly #heartbeat: NodeJS.Timeout;

  constructor(heartbeatMs = HEARTBEAT_MS) {
    this.#heartbeat = runInterval(() => this.#write(': keep-alive\n\n'), heartbeatMs);
    this.#heartbeat.unref();
  }

  get size(): number {
    return this.#clients.size;
  }

  /** Takes over a response as an event stream until the client goes away. */
  add(response: ServerResponse, headers: Readonly<Record<string, string>>): void {
    response.writeHead(200, {
      ...headers,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    response.write('retry: 2000\n\n');
    this.#clients.add(response);
    response.on('close', () => this.#clients.delete(response));
  }

  broadcast(event: string, data: unknown): void {
    this.#write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  #write(chunk: string): void {
    for (const client of this.#clients) client.write(chunk);
  }

  close(): void {
    clearRunInterval(this.#heartbeat);
    for (const client of this.#clients) client.end();
    this.#clients.clear();
  }
}
