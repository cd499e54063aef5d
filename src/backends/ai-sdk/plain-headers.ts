/**
 * The AI SDK provider utilities' `normalizeHeaders` and `withUserAgentSuffix`, giving the same results
 * without a web `Headers` object for the plain header records the providers pass: touching the global
 * `Headers` makes Node load its built-in fetch implementation (undici, ~35 ms of CPU at start-up) and each
 * `Headers` costs CPU on every model call. `npm run build` puts these two in place of the provider
 * utilities' own (scripts/bundle-cli.mjs); a name or value a web `Headers` would refuse or rewrite beyond
 * trimming still goes through a real `Headers`, so it fails or reads as before.
 */

/** A header name as `Headers` takes it (an HTTP token), already lower case. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9a-z]+$/;
/** A value `Headers` keeps as it is once trimmed: no NUL, CR or LF, no character above U+00FF. */
const PLAIN_VALUE = /^[^\0\r\n\u0100-\uffff]*$/;
const HTTP_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

type HeaderInput = Record<string, string | undefined> | [string, string | undefined][] | Headers | undefined | null;

/** A record of the headers with lower-case names, dropping missing values (as the SDK's own). */
export function normalizeHeaders(headers: HeaderInput): Record<string, string> {
  if (headers === null || headers === undefined) return {};
  const normalized: Record<string, string> = {};
  if (Object.prototype.toString.call(headers) === '[object Headers]') {
    (headers as Headers).forEach((value, key) => {
      normalized[key.toLowerCase()] = value;
    });
    return normalized;
  }
  const entries = Array.isArray(headers) ? headers : Object.entries(headers as Record<string, string | undefined>);
  for (const [key, value] of entries) {
    if (value !== null && value !== undefined) normalized[key.toLowerCase()] = value;
  }
  return normalized;
}

/** The headers with the user agent suffixed, as a record in the order `Headers` lists them (by name). */
export function withUserAgentSuffix(headers: HeaderInput, ...userAgentSuffixParts: string[]): Record<string, string> {
  const normalized = normalizeHeaders(headers);
  const plain: Record<string, string> = {};
  for (const [name, value] of Object.entries(normalized)) {
    if (!(TOKEN.test(name) && typeof value === 'string' && PLAIN_VALUE.test(value))) {
      return throughWebHeaders(normalized, userAgentSuffixParts);
    }
    plain[name] = value.replace(HTTP_WHITESPACE, '');
  }
  const userAgent = [plain['user-agent'] || '', ...userAgentSuffixParts].filter(Boolean).join(' ');
  if (!PLAIN_VALUE.test(userAgent)) return throughWebHeaders(normalized, userAgentSuffixParts);
  plain['user-agent'] = userAgent.replace(HTTP_WHITESPACE, '');
  const entries = Object.entries(plain).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries);
}

/** The SDK's own way, for what a plain record cannot be sure to give the same. */
function throughWebHeaders(normalized: Record<string, string>, userAgentSuffixParts: string[]): Record<string, string> {
  const headers = new Headers(normalized);
  const current = headers.get('user-agent') || '';
  headers.set('user-agent', [current, ...userAgentSuffixParts].filter(Boolean).join(' '));
  return Object.fromEntries(headers.entries());
}
