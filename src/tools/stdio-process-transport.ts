/**
 * The client side of an MCP stdio server: the server's process is started in a process group of its own, and
 * holodeck ends the whole group. A terminal's Ctrl-C (sent to holodeck's foreground group) does not reach the
 * server, so an interrupted run stops its cases itself instead of finding its tool servers dead; and a server
 * started through a wrapper (`npx`, `npm exec`, `sh -c`) does not outlive the run as the wrapper's orphan.
 *
 * Messages are newline-delimited JSON-RPC, each line read with the MCP SDK's own message check. A line longer
 * than the limit stops the server at once, before it fills the run's memory.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { runTimer } from '../core/clock.js';
import { killServerGroup, OWN_GROUP } from './kill-server-group.js';

export interface StdioServerParams {
  readonly command: string;
  readonly args: readonly string[];
  /** Added to the few variables a server inherits (HOME, PATH, ...: the SDK's default environment). */
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string | null;
  /** The longest message read from the server, in bytes: past it, the server is stopped (its group killed). */
  readonly max_message_bytes: number;
  /** Told once when a message over the limit stopped the server, before it is killed. */
  readonly on_oversize: () => void;
}

/** How long a server has to exit once its stdin is closed, then once it was asked to terminate. */
const CLOSE_GRACE_MS = 1000;

export class StdioProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** The server's stderr, readable from before it starts. */
  readonly stderr = new PassThrough();
  #child: ChildProcess | null = null;
  #closed = false;
  #oversize = false;

  constructor(private readonly params: StdioServerParams) {}

  /** The server's process, once started. */
  get child(): ChildProcess | null {
    return this.#child;
  }

  async start(): Promise<void> {
    if (this.#child !== null) throw new Error('the MCP stdio transport was already started');
    const [{ getDefaultEnvironment }, { deserializeMessage }] = await Promise.all([
      import('@modelcontextprotocol/sdk/client/stdio.js'),
      import('@modelcontextprotocol/sdk/shared/stdio.js'),
    ]);
    const reader = new LineReader(this.params.max_message_bytes);
    const { command, args, env, cwd } = this.params;
    const child = spawn(command, [...args], {
      env: { ...getDefaultEnvironment(), ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
      shell: false,
      detached: OWN_GROUP,
      windowsHide: true,
      ...(cwd === null ? {} : { cwd }),
    });
    this.#child = child;
    child.stderr?.pipe(this.stderr);
    child.stdin?.on('error', (error) => this.onerror?.(error));
    child.stdout?.on('error', (error) => this.onerror?.(error));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (this.#oversize) return;
      const lines = reader.push(chunk);
      if (lines === null) {
        this.#oversize = true;
        this.params.on_oversize();
        killServerGroup(child, 'SIGKILL');
        return;
      }
      // A line that is no JSON-RPC message is an error of its own; the lines after it are read on.
      for (const line of lines) {
        let message: JSONRPCMessage;
        try {
          message = deserializeMessage(line);
        } catch (error) {
          this.onerror?.(error as Error);
          continue;
        }
        this.onmessage?.(message);
      }
    });
    // A server that ends on its own (a crash) leaves what it started as orphans in its group: they go with it,
    // told to terminate, then killed. close() does the same for a server that ends when asked.
    child.once('exit', () => {
      killServerGroup(child, 'SIGTERM');
      runTimer(() => killServerGroup(child, 'SIGKILL'), CLOSE_GRACE_MS).unref();
    });
    child.once('close', () => {
      this.#closed = true;
      this.onclose?.();
    });
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.#child?.stdin;
    if (stdin === null || stdin === undefined || this.#closed) return Promise.reject(new Error('Not connected'));
    return new Promise((resolve) => {
      if (stdin.write(`${JSON.stringify(message)}\n`)) resolve();
      else stdin.once('drain', resolve);
    });
  }

  /** Closes the server's stdin, then terminates and kills its group if it has not exited. */
  async close(): Promise<void> {
    const child = this.#child;
    if (child === null) return;
    const exited = new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
    const within = (ms: number) =>
      Promise.race([exited.then(() => true), new Promise<boolean>((r) => runTimer(r, ms, false).unref())]);
    try {
      child.stdin?.end();
    } catch {
      // Already closed.
    }
    if (!(await within(CLOSE_GRACE_MS))) {
      killServerGroup(child, 'SIGTERM');
      if (!(await within(CLOSE_GRACE_MS))) killServerGroup(child, 'SIGKILL');
    }
    // What the server started and left running (a wrapper's child, its own helpers) goes with it.
    killServerGroup(child, 'SIGKILL');
  }
}

/**
 * Splits the server's stdout into lines, each one JSON-RPC message: the parts of a line still arriving are kept
 * apart and joined once, when its newline comes (a long message costs its length, not its length squared).
 */
class LineReader {
  #parts: Buffer[] = [];
  #size = 0;

  constructor(private readonly maxBytes: number) {}

  /** The complete lines `chunk` ends, without their `\n` (or `\r\n`); null once a line is over the limit. */
  push(chunk: Buffer): string[] | null {
    const lines: string[] = [];
    let from = 0;
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, from)) {
      const tail = chunk.subarray(from, at);
      const line = this.#parts.length === 0 ? tail : Buffer.concat([...this.#parts, tail]);
      this.#parts = [];
      this.#size = 0;
      lines.push(line.toString('utf8').replace(/\r$/, ''));
      from = at + 1;
    }
    if (from < chunk.length) {
      this.#size += chunk.length - from;
      if (this.#size > this.maxBytes) {
        this.#parts = [];
        this.#size = 0;
        return null;
      }
      this.#parts.push(chunk.subarray(from));
    }
    return lines;
  }
}

const NEWLINE = 0x0a;
