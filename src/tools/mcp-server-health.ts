/**
 * Whether an MCP server is still there. A stdio server whose process exits, or a server whose connection
 * drops, is *lost*: the calls in flight reject at once with a ToolServerCrashedError naming the server and
 * its exit code or connection error (and the tail of its stderr), and a stdio server's later calls fail the
 * same way without being sent. An HTTP server may come back, so each of its later calls is tried again.
 */
import { escapeControlChars } from '../core/display-controls.js';
import { ToolServerCrashedError } from '../core/errors.js';
import { errorMessage } from './tool-execution-error.js';

export interface ExitStatus {
  readonly code: number | null;
  readonly signal: string | null;
}

export interface ServerFacts {
  /** The `name` of the MCP entry. */
  readonly name: string;
  /** `node server.js` or the URL, to tell which server it is. */
  readonly where: string;
  readonly stdio: boolean;
  /** The stdio process's exit, once it exited. */
  exitStatus(): ExitStatus | null;
  stderrTail(): string;
  /** Why holodeck stopped the stdio server itself, if it did. */
  stopReason?(): string | null;
}

export interface ServerHealth {
  /** The error every call of a server that is gone fails with; null while it is up. */
  readonly dead: ToolServerCrashedError | null;
  /** Runs a call; it rejects with the crash error as soon as the server is lost, whatever the call does. */
  guard<T>(call: Promise<T>): Promise<T>;
  /** The connection closed: unless we closed it, the server is gone. */
  closed(): void;
  /** A transport error: a lost connection fails the calls in flight. */
  transportError(error: unknown): void;
  /** The error a failed call should be reported with, when the failure is the server's loss; else null. */
  crashOf(error: unknown): ToolServerCrashedError | null;
  /** We are closing the connection ourselves: its end is no crash. */
  closing(): void;
  /**
   * A stdio server wrote JSON that is no protocol message while calls were waiting: it cannot be told which
   * call it answered, so each waiting call fails with it at once rather than at its timeout.
   */
  unreadable(error: unknown): void;
}

const STDERR_LINES = 5;
const STDERR_CHARS = 600;

export function createServerHealth(facts: ServerFacts): ServerHealth {
  const inFlight = new Set<(error: unknown) => void>();
  let dead: ToolServerCrashedError | null = null;
  let closingOurselves = false;
  const lose = (error: ToolServerCrashedError) => {
    for (const reject of inFlight) reject(error);
    inFlight.clear();
  };
  return {
    get dead() {
      return dead;
    },
    guard<T>(call: Promise<T>): Promise<T> {
      if (dead !== null) {
        call.catch(() => undefined);
        return Promise.reject(dead);
      }
      return new Promise<T>((resolve, reject) => {
        inFlight.add(reject);
        call.then(resolve, reject).finally(() => inFlight.delete(reject));
      });
    },
    closed() {
      if (closingOurselves || dead !== null) return;
      dead = new ToolServerCrashedError(facts.name, lostMessage(facts, null));
      lose(dead);
    },
    transportError(error) {
      if (closingOurselves || dead !== null || !isConnectionLoss(error)) return;
      lose(new ToolServerCrashedError(facts.name, lostMessage(facts, error), { cause: error }));
    },
    crashOf(error) {
      if (error instanceof ToolServerCrashedError) return error;
      if (dead !== null) return dead;
      if (closingOurselves) return null;
      // An HTTP server that answers a call with an error status (401, 500, an HTML page) failed, not the tool.
      const status = facts.stdio ? null : httpFailureStatus(error);
      if (status !== null) {
        const message = `MCP server "${facts.name}" (${facts.where}) answered the call with HTTP ${status}: ${errorMessage(error)}`;
        return new ToolServerCrashedError(facts.name, message, { cause: error });
      }
      // Any other answer the MCP client could not take (a page of another type, a redirect it does not
      // follow): the call never reached the tool either.
      if (!facts.stdio && isStreamableHttpError(error)) {
        const message = `MCP server "${facts.name}" (${facts.where}) answered the call with what no MCP client reads: ${errorMessage(error)}`;
        return new ToolServerCrashedError(facts.name, message, { cause: error });
      }
      if (!isConnectionLoss(error)) return null;
      return new ToolServerCrashedError(facts.name, lostMessage(facts, error), { cause: error });
    },
    closing() {
      closingOurselves = true;
    },
    unreadable(error) {
      if (closingOurselves || dead !== null) return;
      for (const reject of inFlight) reject(error);
      inFlight.clear();
    },
  };
}

/**
 * stdio: `MCP server "files" exited with code 1; stderr: …; its tools are unavailable for the rest of the run
 * (node server.js)`; HTTP: `MCP server "web" (http://…) dropped the connection: …` or `… is unreachable: …`.
 * What went wrong comes first: long lines are cut at the end.
 */
function lostMessage(facts: ServerFacts, error: unknown): string {
  const stderr = tailOf(facts.stderrTail());
  const said = stderr === '' ? '' : `; stderr: ${escapeControlChars(stderr)}`;
  if (facts.stdio) {
    const exit = facts.exitStatus();
    const stopped = facts.stopReason?.() ?? null;
    const how =
      stopped !== null
        ? `was stopped: ${stopped}`
        : exit === null
          ? 'closed its connection'
          : exit.signal !== null
            ? `was killed by ${exit.signal}`
            : `exited with code ${exit.code ?? 'unknown'}`;
    return `MCP server "${facts.name}" ${how}${said}; its tools are unavailable for the rest of the run (${facts.where})`;
  }
  const how = refused(error) ? 'is unreachable' : 'dropped the connection';
  return `MCP server "${facts.name}" (${facts.where}) ${how}: ${describeConnectionError(error)}${said}`;
}

/** Nothing listens any more (as opposed to a connection that broke off). */
function refused(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === 'ECONNREFUSED') return true;
    current = current.cause;
  }
  return false;
}

/** The last few lines of stderr on one line. */
function tailOf(text: string): string {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const joined = lines.slice(-STDERR_LINES).join(' | ');
  return joined.length > STDERR_CHARS ? `…${joined.slice(-STDERR_CHARS)}` : joined;
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'ERR_STREAM_PREMATURE_CLOSE',
]);
const CONNECTION_TEXT = /fetch failed|other side closed|socket hang up|SSE stream disconnected|^terminated$/i;

/** Whether an error (or one of its causes) says the connection to the server is gone. */
export function isConnectionLoss(error: unknown): boolean {
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
    if (code === -32000 && /Connection closed/i.test(errorMessage(current))) return true;
    if (current instanceof Error && CONNECTION_TEXT.test(current.message)) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}

/**
 * The HTTP status of the MCP SDK's Streamable HTTP error (its `code` is the status), when a server answered a
 * request with one of 400 and above; null for any other error.
 */
export function httpFailureStatus(error: unknown): number | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'number' && code >= 400 && code < 600 && current.message.startsWith('Streamable HTTP error')) {
      return code;
    }
    current = current.cause;
  }
  return null;
}

/** The MCP SDK's Streamable HTTP error (an answer its client could not take), or one caused by it. */
function isStreamableHttpError(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if (current.message.startsWith('Streamable HTTP error')) return true;
    current = current.cause;
  }
  return false;
}

/** `fetch failed (connect ECONNREFUSED 127.0.0.1:9)`: the error and its innermost cause. */
function describeConnectionError(error: unknown): string {
  if (error === null || error === undefined) return 'the connection closed';
  const message = errorMessage(error);
  let cause: unknown = error instanceof Error ? error.cause : undefined;
  let inner: unknown = null;
  for (let depth = 0; cause !== undefined && cause !== null && depth < 5; depth += 1) {
    inner = cause;
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return inner === null ? message : `${message} (${errorMessage(inner)})`;
}
