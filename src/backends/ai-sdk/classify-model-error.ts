/**
 * Decides what a failed model call means for the turn: retry it or not, end the session or not, and
 * which message tells the user what happened. Works on the AI SDK's error shapes structurally, so this
 * module loads without the SDK.
 */
import { maxHeaderSize } from 'node:http';
import { PROVIDER_KEY_VARS } from '../../core/provider-key-vars.js';
import { htmlPageCause } from './html-page-cause.js';
import { CUT_OFF_CODE } from './response-cut-off.js';
import { requestUrl, unreadableAnswer } from './unreadable-answer.js';

export interface ModelCallContext {
  readonly provider: string;
  /** The configured base URL, used when the error carries no URL. */
  readonly endpoint: string;
  /**
   * Where the calling model is written in agent.yaml (`model`, `evaluations.model`, `models[1]`): a refused key
   * is looked for at `<model_path>.api_key`. Default `model`.
   */
  readonly model_path?: string;
  /** No API key was sent (none configured for an endpoint other than the provider's own API). */
  readonly keyless?: boolean;
}

export interface ModelErrorVerdict {
  readonly retryable: boolean;
  /** 401/403: every later turn would fail the same way. */
  readonly auth_failure: boolean;
  /** The endpoint could not be reached at all (refused, unknown host). */
  readonly unreachable: boolean;
  readonly retry_after_headers: Readonly<Record<string, string>> | undefined;
  readonly code:
    | 'MODEL_AUTH'
    | 'MODEL_HTTP_ERROR'
    | 'MODEL_UNREACHABLE'
    | 'MODEL_CONNECTION'
    | 'MODEL_STREAM'
    | 'MODEL_TIMEOUT'
    | 'MODEL_RESPONSE_TOO_LARGE'
    | 'REQUEST_NOT_RECORDED'
    | 'MODEL_ERROR';
  readonly message: string;
}

const RETRYABLE_STATUS = new Set([408, 409, 425, 429, 500, 502, 503, 504, 529]);
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const CONNECTION_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
/** No response headers in time, or a body that stalled (node-http-fetch.ts): worth another try. */
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
/** A response above the cap on model responses: the same request would get it again. */
const TOO_LARGE_CODE = 'RESPONSE_TOO_LARGE';
/** What a 429 says when the account's quota or billing is spent (OpenAI's `insufficient_quota`), not a rate. */
const QUOTA_SPENT = /insufficient_quota|billing/i;

/** Whether a 429's body says the quota is spent: it will not pass by waiting. */
export function quotaSpent(responseBody: unknown): boolean {
  return typeof responseBody === 'string' && QUOTA_SPENT.test(responseBody);
}

/** The SDK's errors for an answer it received whole but cannot read: worth another try. */
const UNREADABLE_ERROR_NAMES = new Set(['AI_JSONParseError', 'AI_TypeValidationError', 'AI_InvalidResponseDataError']);

export function classifyModelError(error: unknown, context: ModelCallContext): ModelErrorVerdict {
  const fields = fieldsOf(error);
  if (isNotRecorded(error)) {
    // A replay that misses: asking again would miss again, and the message already says where and why.
    return { ...verdict(false, 'REQUEST_NOT_RECORDED', fields.message), retryable: false };
  }
  // An SDK error that carries no URL (an empty choices list) names the request's all the same.
  const where = `${context.provider}, ${fields.url ?? requestUrl(error, context)}`;
  const networkCode = findCode(error);
  if (fields.statusCode !== undefined && fields.statusCode !== 200) {
    const status = fields.statusCode;
    const auth = status === 401 || status === 403;
    // A 429 that says the quota or billing is spent passes neither by waiting nor by asking again: like a bad
    // key, it ends the session (the remaining turns are skipped) rather than spend the turn's time on retries.
    const spent = status === 429 && quotaSpent(fields.responseBody);
    const hint = auth ? authHint(context) : spent ? '; the account has no quota left: no retry can help' : '';
    return {
      retryable: !spent && (RETRYABLE_STATUS.has(status) || status >= 500),
      auth_failure: auth || spent,
      unreachable: false,
      retry_after_headers: fields.responseHeaders,
      code: auth ? 'MODEL_AUTH' : 'MODEL_HTTP_ERROR',
      message: `model request failed: ${status} ${providerMessage(fields)} (${where})${hint}`,
    };
  }
  const limit = findLimit(error);
  if (limit !== null && limit.code === TOO_LARGE_CODE) {
    return {
      ...verdict(false, 'MODEL_RESPONSE_TOO_LARGE', `model response refused: ${limit.message} (${where})`),
      retryable: false,
    };
  }
  if (limit !== null) return verdict(false, 'MODEL_TIMEOUT', `model response timed out: ${limit.message} (${where})`);
  const parse = findParseError(error);
  if (parse !== null) {
    // The server answered, with what Node's HTTP parser refuses: no connection failure. Headers too large come
    // again on a retry; other malformed HTTP (a proxy's glitch) may not.
    const overflow = parse.code === 'HPE_HEADER_OVERFLOW';
    const what = overflow
      ? `its headers are larger than ${Math.round(maxHeaderSize / 1024)} KB`
      : `it is not valid HTTP: ${parse.message}`;
    const message = `the model server's response could not be read: ${what} (${where})`;
    const unreadable = verdict(false, 'MODEL_STREAM', message);
    return overflow ? { ...unreadable, retryable: false } : unreadable;
  }
  const cutOff = findCutOff(error);
  if (cutOff !== null) return verdict(false, 'MODEL_STREAM', `model response was cut off: ${cutOff} (${where})`);
  if (networkCode !== null && UNREACHABLE_CODES.has(networkCode)) {
    // A local Ollama that is not running is the first thing a new project meets: said how to start it.
    const hint =
      context.provider === 'ollama' && networkCode === 'ECONNREFUSED'
        ? ' — is Ollama running? Start it with `ollama serve`, or point OLLAMA_HOST (or model.endpoint) at it'
        : '';
    return verdict(true, 'MODEL_UNREACHABLE', `cannot reach the model endpoint: ${networkCode} (${where})${hint}`);
  }
  if (networkCode !== null && CONNECTION_CODES.has(networkCode)) {
    return verdict(false, 'MODEL_CONNECTION', `model connection failed: ${networkCode} (${where})`);
  }
  if (UNREADABLE_ERROR_NAMES.has(fields.name) || UNREADABLE_ERROR_NAMES.has(causeName(error))) {
    // A whole answer that is not what the provider's protocol says (HTML from a gateway, no choices).
    return verdict(false, 'MODEL_STREAM', `model response could not be read: ${unreadableAnswer(error)} (${where})`);
  }
  if (fields.statusCode === 200 || isTruncation(error, fields)) {
    return verdict(false, 'MODEL_STREAM', `model response was cut off: ${causeMessage(error)} (${where})`);
  }
  if (fields.isRetryable === true) {
    return verdict(false, 'MODEL_CONNECTION', `model request failed: ${fields.message} (${where})`);
  }
  return {
    retryable: false,
    auth_failure: false,
    unreachable: false,
    retry_after_headers: undefined,
    code: 'MODEL_ERROR',
    message: `model request failed: ${fields.message} (${where})`,
  };
}

function verdict(unreachable: boolean, code: ModelErrorVerdict['code'], message: string): ModelErrorVerdict {
  return { retryable: true, auth_failure: false, unreachable, retry_after_headers: undefined, code, message };
}

function authHint(context: ModelCallContext): string {
  const path = context.model_path ?? 'model';
  if (context.keyless === true) {
    const vars = (PROVIDER_KEY_VARS as Readonly<Record<string, readonly string[]>>)[context.provider] ?? [];
    const fromEnv = vars.length === 0 ? '' : ` or the ${vars.join(' or ')} environment variable`;
    return ` — no API key was sent (none is configured): set ${path}.api_key${fromEnv}`;
  }
  return ` — check ${path}.api_key or the ${context.provider} API key in the environment`;
}

interface ErrorFields {
  readonly name: string;
  readonly message: string;
  readonly statusCode: number | undefined;
  readonly url: string | undefined;
  readonly responseBody: string | undefined;
  readonly responseHeaders: Readonly<Record<string, string>> | undefined;
  readonly isRetryable: boolean | undefined;
}

function fieldsOf(error: unknown): ErrorFields {
  const record = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  const headers = record['responseHeaders'];
  return {
    name: typeof record['name'] === 'string' ? record['name'] : '',
    message: error instanceof Error ? error.message : typeof error === 'string' ? error : String(error),
    statusCode: typeof record['statusCode'] === 'number' ? record['statusCode'] : undefined,
    url: typeof record['url'] === 'string' ? record['url'] : undefined,
    responseBody: typeof record['responseBody'] === 'string' ? record['responseBody'] : undefined,
    responseHeaders:
      typeof headers === 'object' && headers !== null ? (headers as Readonly<Record<string, string>>) : undefined,
    isRetryable: typeof record['isRetryable'] === 'boolean' ? record['isRetryable'] : undefined,
  };
}

/**
 * The provider's own words: `error.message`, `error` or `message` of a JSON body, the title of an HTML page, the
 * start of another body, else the SDK's message.
 */
function providerMessage(fields: ErrorFields): string {
  if (fields.responseBody !== undefined) {
    try {
      const body = JSON.parse(fields.responseBody) as unknown;
      const found = messageIn(body);
      if (found !== null) return found;
    } catch {
      const html = htmlPageCause(fields.responseBody);
      if (html !== null) return html;
      if (fields.responseBody.trim() !== '') return fields.responseBody.trim().slice(0, 300);
    }
  }
  return fields.message;
}

function messageIn(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const inner = record['error'];
  if (typeof inner === 'string') return inner;
  if (typeof inner === 'object' && inner !== null) {
    const message = (inner as Record<string, unknown>)['message'];
    if (typeof message === 'string') return message;
  }
  return typeof record['message'] === 'string' ? record['message'] : null;
}

/** The first error of the cause chain that node-http-fetch's limits raised (its `code` and message). */
function findLimit(error: unknown): { readonly code: string; readonly message: string } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (code === TOO_LARGE_CODE || TIMEOUT_CODES.has(code))) {
      return { code, message: current.message };
    }
    current = current.cause;
  }
  return null;
}

/** The message of a response the server ended before it was whole (response-cut-off.ts), along the cause chain. */
function findCutOff(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth += 1) {
    if ((current as { code?: unknown }).code === CUT_OFF_CODE) return current.message;
    current = current.cause;
  }
  return null;
}

/** Node's HTTP parser's error along the cause chain (`HPE_HEADER_OVERFLOW`, `HPE_INVALID_CONSTANT`…). */
function findParseError(error: unknown): { readonly code: string; readonly message: string } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('HPE_')) return { code, message: current.message };
    current = current.cause;
  }
  return null;
}

/** The first `code` (ECONNRESET…) along the cause chain. */
function findCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth += 1) {
    const code = (current as Record<string, unknown>)['code'];
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || CONNECTION_CODES.has(code))) return code;
    current = (current as Record<string, unknown>)['cause'];
  }
  return null;
}

/** RequestNotRecordedError of a replay (recording/cassette-player.ts), known by its code. */
function isNotRecorded(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === 'REQUEST_NOT_RECORDED';
}

/** A response that ended before it was whole (no output at all, or a body broken off): worth another try. */
function isTruncation(error: unknown, fields: ErrorFields): boolean {
  if (fields.name === 'AI_NoOutputGeneratedError') return true;
  return error instanceof TypeError && /terminated|other side closed/i.test(error.message);
}

function causeName(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  return cause instanceof Error ? cause.name : '';
}

function causeMessage(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error) return cause.message;
  return error instanceof Error ? error.message : String(error);
}
