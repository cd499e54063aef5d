/**
 * The Response node-http-fetch.ts hands back: a response whose body was read whole before it was returned,
 * with only what a web `Response` does that its readers use — status, ok, headers (`get`, `has`,
 * `getSetCookie`, iteration), `text()`, `json()`, `arrayBuffer()`, `bytes()`, `blob()`, `clone()`, and a
 * `body` whose reader yields the bytes at once (the AI SDK's providers read bodies through `body.getReader()`).
 * A web Response, its Headers and its body stream cost about 70 µs of CPU per model call to build and read,
 * for bytes that are already in memory. `body.pipeThrough`, `pipeTo`, `tee` and async iteration get a real
 * ReadableStream of the same bytes.
 *
 * A body that broke off (or does not decompress) fails when read, after the bytes that did arrive, with
 * `TypeError('terminated')` and the reason as cause, as the built-in fetch's does.
 */
// Types only: the global ReadableStream is used, loaded by Node on first use (node:stream/web costs ~2 ms to
// load, for the few callers that want a real stream).
import type {
  ReadableStreamReadResult,
  ReadableWritablePair,
  StreamPipeOptions,
  WritableStream,
} from 'node:stream/web';

export interface BufferedResponseInit {
  readonly status: number;
  readonly statusText: string;
  readonly url: string;
  /** Node's raw header list: name, value, name, value… */
  readonly rawHeaders: readonly string[];
  /** null for a status that has no body. */
  readonly body: Uint8Array | null;
  /** Why reading the body fails after `body` (a connection cut, a body that does not decompress). */
  readonly failure: Error | null;
}

export function bufferedResponse(init: BufferedResponseInit): Response {
  return new BufferedResponse(init, new BufferedHeaders(init.rawHeaders)) as unknown as Response;
}

class BufferedResponse {
  readonly type = 'basic';
  readonly redirected = false;
  readonly status: number;
  readonly statusText: string;
  readonly url: string;
  readonly body: BufferedBody | null;

  constructor(
    private readonly init: BufferedResponseInit,
    readonly headers: BufferedHeaders,
  ) {
    this.status = init.status;
    this.statusText = init.statusText;
    this.url = init.url;
    this.body = init.body === null ? null : new BufferedBody(init.body, init.failure);
  }

  get ok(): boolean {
    return this.status >= 200 && this.status <= 299;
  }

  get bodyUsed(): boolean {
    return this.body?.used ?? false;
  }

  async bytes(): Promise<Uint8Array> {
    return this.body === null ? new Uint8Array(0) : this.body.take();
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.bytes();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  async text(): Promise<string> {
    return Buffer.from(await this.bytes()).toString('utf8');
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  async blob(): Promise<Blob> {
    return new Blob([await this.bytes()], { type: this.headers.get('content-type') ?? '' });
  }

  clone(): Response {
    if (this.bodyUsed) throw new TypeError('Response.clone: Body has already been consumed.');
    return bufferedResponse(this.init);
  }
}

/** A body already in memory: read once, by `take()` or by a reader that yields it in one chunk. */
class BufferedBody {
  used = false;
  locked = false;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly failure: Error | null,
  ) {}

  take(): Uint8Array {
    if (this.used || this.locked) throw new TypeError('Body is unusable: Body has already been read');
    this.used = true;
    if (this.failure !== null) throw terminated(this.failure);
    return this.bytes;
  }

  getReader() {
    if (this.used || this.locked) throw new TypeError('ReadableStream is locked or its body was already read');
    this.locked = true;
    this.used = true;
    let stage: 'bytes' | 'end' | 'done' = this.bytes.length > 0 ? 'bytes' : 'end';
    const failure = this.failure;
    return {
      closed: Promise.resolve(undefined),
      read: async (): Promise<ReadableStreamReadResult<Uint8Array>> => {
        if (stage === 'bytes') {
          stage = 'end';
          return { done: false, value: this.bytes };
        }
        if (stage === 'end' && failure !== null) {
          stage = 'done';
          throw terminated(failure);
        }
        stage = 'done';
        return { done: true, value: undefined };
      },
      cancel: async () => {
        stage = 'done';
      },
      releaseLock: () => {
        this.locked = false;
      },
    };
  }

  async cancel(): Promise<void> {
    this.used = true;
  }

  /** Anything beyond reading: a real stream of the same bytes. */
  private stream(): ReadableStream<Uint8Array> {
    const reader = this.getReader();
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const next = await reader.read();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        } catch (error) {
          controller.error(error);
        }
      },
    });
  }

  pipeThrough<T>(transform: ReadableWritablePair<T, Uint8Array>, options?: StreamPipeOptions): ReadableStream<T> {
    return this.stream().pipeThrough(transform, options);
  }

  pipeTo(destination: WritableStream<Uint8Array>, options?: StreamPipeOptions): Promise<void> {
    return this.stream().pipeTo(destination, options);
  }

  tee(): [ReadableStream<Uint8Array>, ReadableStream<Uint8Array>] {
    return this.stream().tee();
  }

  [Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    return this.stream()[Symbol.asyncIterator]();
  }
}

/** Read-only response headers over Node's raw list, looked up by lower-cased name, iterated as Headers are. */
class BufferedHeaders {
  private byName: Map<string, string[]> | null = null;
  private list: [string, string][] | null = null;

  constructor(private readonly raw: readonly string[]) {}

  private map(): Map<string, string[]> {
    if (this.byName !== null) return this.byName;
    const map = new Map<string, string[]>();
    for (let i = 0; i + 1 < this.raw.length; i += 2) {
      const name = (this.raw[i] as string).toLowerCase();
      const values = map.get(name);
      if (values === undefined) map.set(name, [this.raw[i + 1] as string]);
      else values.push(this.raw[i + 1] as string);
    }
    this.byName = map;
    return map;
  }

  get(name: string): string | null {
    return this.map().get(name.toLowerCase())?.join(', ') ?? null;
  }

  has(name: string): boolean {
    return this.map().has(name.toLowerCase());
  }

  getSetCookie(): string[] {
    return [...(this.map().get('set-cookie') ?? [])];
  }

  /** In name order, values of a name joined by `, `, each set-cookie on its own (as Headers iterates). */
  entries(): IterableIterator<[string, string]> {
    if (this.list === null) {
      const map = this.map();
      const list: [string, string][] = [];
      for (const name of [...map.keys()].sort()) {
        const values = map.get(name) as string[];
        if (name === 'set-cookie') for (const value of values) list.push([name, value]);
        else list.push([name, values.join(', ')]);
      }
      this.list = list;
    }
    return this.list[Symbol.iterator]();
  }

  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  forEach(callback: (value: string, name: string, headers: this) => void): void {
    for (const [name, value] of this.entries()) callback(value, name, this);
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
}

function terminated(cause: Error): TypeError {
  return new TypeError('terminated', { cause });
}
