/**
 * An answer the SDK received whole but could not read, said in one line: what it lacked (`an answer without
 * choices`, `an answer with no choices` for an empty list), or what it was instead (`an answer that is null, not a
 * JSON object`, `an answer that is not JSON: "<html>…"`), with the provider's own error message when the body holds one (`{"error":{"message":…}}`, as some
 * servers answer with a 200). The SDK's own message reprints the body and every schema issue as JSON.
 * Known by the SDK errors' names and fields, so this module loads without the SDK.
 */
import { quoteExcerpt } from '../../core/quote-excerpt.js';

/** The names of the fields of an answer a message lists at most; the others are counted. */
const MAX_NAMES = 3;
/** The longest excerpt of a body or of the provider's error message quoted. */
const MAX_QUOTE = 200;

export function unreadableAnswer(error: unknown): string {
  const unreadable = findUnreadable(error);
  if (unreadable === null) return firstLine(error instanceof Error ? error.message : String(error));
  const record = unreadable as unknown as Record<string, unknown>;
  // The SDK's own wording; a judge's unreadable answer (generate-judge-object.ts) is already said in words.
  if (unreadable.name === 'AI_JSONParseError' && unreadable.message.startsWith(SDK_PARSE_WORDING)) {
    const text = record['text'];
    if (typeof text !== 'string') return firstLine(unreadable.message);
    const trimmed = text.trim();
    return trimmed === ''
      ? 'an empty answer, not JSON'
      : `an answer that is not JSON: ${quoteExcerpt(trimmed, MAX_QUOTE)}`;
  }
  if (unreadable.name === 'AI_TypeValidationError') return invalidAnswer(record['value'], issuesOf(unreadable.cause));
  if (isNoChoice(unreadable)) return withErrorMessage('an answer with no choices', record['data']);
  return firstLine(unreadable.message);
}

/** The SDK's message for a chat completion whose `choices` list is empty (OpenAI's and OpenAI-compatible clients). */
const SDK_NO_CHOICE_WORDING = 'Response did not contain any choices';
/** The path the chat completions clients (OpenAI, Azure's v1 API, OpenAI-compatible) append to their base URL. */
const CHAT_COMPLETIONS_PATH = '/chat/completions';

/** The SDK's error for an answer with an empty `choices` list; it names no URL. */
function isNoChoice(error: Error): boolean {
  if (error.name !== 'AI_InvalidResponseDataError') return false;
  const data = (error as unknown as Record<string, unknown>)['data'];
  const choices = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)['choices'] : undefined;
  return (Array.isArray(choices) && choices.length === 0) || error.message.startsWith(SDK_NO_CHOICE_WORDING);
}

/**
 * The URL of the request that got an answer with no choices, which the SDK's error does not carry:
 * `<endpoint>/chat/completions`, where the chat completions clients post. Else (another error, or Azure's dated
 * API versions, whose URL holds the deployment and the version) the endpoint as given.
 */
export function requestUrl(error: unknown, context: { readonly provider: string; readonly endpoint: string }): string {
  const { provider, endpoint } = context;
  const unreadable = findUnreadable(error);
  if (unreadable === null || !isNoChoice(unreadable)) return endpoint;
  if (provider === 'azure_openai' && !/\/openai\/v1\/?$/i.test(endpoint)) return endpoint;
  return `${endpoint.replace(/\/+$/, '')}${CHAT_COMPLETIONS_PATH}`;
}

/** How the SDK's JSONParseError begins its message, before reprinting the whole text. */
const SDK_PARSE_WORDING = 'JSON parsing failed:';
const UNREADABLE_NAMES = new Set(['AI_JSONParseError', 'AI_TypeValidationError', 'AI_InvalidResponseDataError']);

/** The SDK's error for the unreadable answer, the error itself or along its cause chain. */
function findUnreadable(error: unknown): Error | null {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth += 1) {
    if (UNREADABLE_NAMES.has(current.name)) return current;
    current = current.cause;
  }
  return null;
}

interface Issue {
  readonly path: readonly PropertyKey[];
}

/** The schema's issues (zod's `issues`, each with its `path`), as the validation error's cause holds them. */
function issuesOf(cause: unknown): Issue[] {
  const issues = typeof cause === 'object' && cause !== null ? (cause as { issues?: unknown }).issues : undefined;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue: unknown) => {
    const path = typeof issue === 'object' && issue !== null ? (issue as { path?: unknown }).path : undefined;
    return Array.isArray(path) ? [{ path: path as PropertyKey[] }] : [];
  });
}

function invalidAnswer(value: unknown, issues: readonly Issue[]): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return `an answer that is ${kindOf(value)}, not a JSON object`;
  }
  const missing = new Set<string>();
  const unexpected = new Set<string>();
  for (const issue of issues) {
    if (issue.path.length === 0) continue;
    (valueAt(value, issue.path) === undefined ? missing : unexpected).add(pathText(issue.path));
  }
  const parts = [
    ...(missing.size > 0 ? [`without ${listed([...missing])}`] : []),
    ...(unexpected.size > 0 ? [`with an unexpected ${listed([...unexpected])}`] : []),
  ];
  const what = parts.length === 0 ? "an answer not as the provider's protocol has it" : `an answer ${parts.join(', ')}`;
  return withErrorMessage(what, value);
}

/** `what`, and the provider's error message when the body holds one. */
function withErrorMessage(what: string, body: unknown): string {
  const said = typeof body === 'object' && body !== null ? errorMessageOf(body) : null;
  return said === null ? what : `${what}; its error message: ${quoteExcerpt(said, MAX_QUOTE)}`;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  return 'empty';
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** `choices[0].message`: keys with dots, indexes in brackets. */
function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
    .join('');
}

/** `a`, `a and b`, `a, b and c`, `a, b, c and 2 more`. */
function listed(names: readonly string[]): string {
  if (names.length === 1) return names[0] as string;
  if (names.length <= MAX_NAMES) return `${names.slice(0, -1).join(', ')} and ${names.at(-1) as string}`;
  return `${names.slice(0, MAX_NAMES).join(', ')} and ${names.length - MAX_NAMES} more`;
}

/** The provider's own words in an error body: `error.message`, or `error` when it is a text (Ollama's form). */
function errorMessageOf(body: object): string | null {
  const inner = (body as Record<string, unknown>)['error'];
  if (typeof inner === 'string') return inner;
  if (typeof inner !== 'object' || inner === null) return null;
  const message = (inner as Record<string, unknown>)['message'];
  return typeof message === 'string' ? message : null;
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > MAX_QUOTE ? `${line.slice(0, MAX_QUOTE)}…` : line;
}
