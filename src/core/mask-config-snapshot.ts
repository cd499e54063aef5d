/**
 * A record's configuration snapshot as the dashboard serves it. Besides the credential fields that
 * mask-secret-fields.ts empties, the credentials a run's writer masks by value (cli/collect-secrets.ts) read
 * `[redacted]` here by where they stand, whatever their value, for a record written by another tool or edited by
 * hand still holds them: a URL's password, its user name unless plain (`https://TOKEN@gateway`), its credential
 * query values (`?api-key=`, `?sig=`), and in MCP `args` the value after a credential option (`--token X`,
 * `--token=X`, `GITHUB_TOKEN=X`, `--env=GITHUB_TOKEN=X`), a connection string's password and a bearer token.
 * What the writer masked already (`***model.endpoint.password`) is left as it is.
 */
import { isCredentialQueryName, looksLikeCredentialName } from './credential-names.js';
import type { JsonValue } from './json.js';
import { maskSecretFields, REDACTED } from './mask-secret-fields.js';
import { isPlainValue } from './plain-value.js';
import { MASK_PREFIX } from './redactor.js';

/** A copy of `snapshot` with its credential fields, URL credentials and MCP argument credentials redacted. */
export function maskConfigSnapshot(snapshot: JsonValue): JsonValue {
  return maskPositions(maskSecretFields(snapshot), false);
}

function maskPositions(value: JsonValue, args: boolean): JsonValue {
  if (typeof value === 'string') return maskUrlCredentials(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    return args ? maskArgCredentials(value) : value.map((item) => maskPositions(item, false));
  }
  const masked: Record<string, JsonValue> = {};
  for (const [name, item] of Object.entries(value as { readonly [name: string]: JsonValue })) {
    masked[name] = maskPositions(item, name === 'args');
  }
  return masked;
}

const URL_IN_TEXT = /[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi;
const URL_PARTS = /^([a-z][a-z0-9+.-]*:\/\/)(?:([^/?#]*)@)?([^?#]*)(\?[^#]*)?(#.*)?$/i;

/** Every URL in `text` with its password, unplain user name and credential query values redacted. */
export function maskUrlCredentials(text: string): string {
  if (!text.includes('://')) return text;
  return text.replace(URL_IN_TEXT, (url) => {
    const parts = URL_PARTS.exec(url);
    if (parts === null) return url;
    const [, scheme = '', userinfo, rest = '', query, fragment = ''] = parts;
    return `${scheme}${userinfo === undefined ? '' : `${maskUserinfo(userinfo)}@`}${rest}${maskQuery(query)}${fragment}`;
  });
}

function maskUserinfo(userinfo: string): string {
  const colon = userinfo.indexOf(':');
  const user = colon < 0 ? userinfo : userinfo.slice(0, colon);
  const shownUser = isPlainValue(decode(user)) ? user : hidden(user);
  return colon < 0 ? shownUser : `${shownUser}:${hidden(userinfo.slice(colon + 1))}`;
}

function maskQuery(query: string | undefined): string {
  if (query === undefined) return '';
  const pairs = query.slice(1).split('&');
  return `?${pairs
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0 || !isCredentialQueryName(decode(pair.slice(0, eq)))) return pair;
      return `${pair.slice(0, eq + 1)}${hidden(pair.slice(eq + 1))}`;
    })
    .join('&')}`;
}

const OPTION = /^--?[A-Za-z]/;
const ASSIGNED = /^(--?[A-Za-z][\w-]*=)([A-Za-z_]\w*)=(.+)$/;
const BEARER = /\b(Bearer|Basic|Token)(\s+)(\S+)/gi;

/** MCP `args` with the credentials collect-secrets.ts finds in them redacted where they stand. */
function maskArgCredentials(args: readonly JsonValue[]): JsonValue[] {
  return args.map((arg, index) => {
    if (typeof arg !== 'string') return maskPositions(arg, false);
    const previous = args[index - 1];
    if (
      typeof previous === 'string' &&
      OPTION.test(previous) &&
      !previous.includes('=') &&
      looksLikeCredentialName(previous)
    ) {
      return hidden(arg);
    }
    const assigned = ASSIGNED.exec(arg);
    if (assigned !== null && looksLikeCredentialName(assigned[2] as string)) {
      return `${assigned[1]}${assigned[2]}=${hidden(assigned[3] as string)}`;
    }
    const eq = arg.indexOf('=');
    if ((OPTION.test(arg) || /^[A-Za-z_]\w*=/.test(arg)) && eq > 0 && looksLikeCredentialName(arg.slice(0, eq))) {
      return `${arg.slice(0, eq + 1)}${hidden(arg.slice(eq + 1))}`;
    }
    return maskUrlCredentials(arg).replace(BEARER, (_, word: string, space: string, token: string) => {
      return `${word}${space}${hidden(token)}`;
    });
  });
}

/** `[redacted]` for a credential, unless empty or masked already. */
function hidden(value: string): string {
  return value === '' || value === REDACTED || value.startsWith(MASK_PREFIX) ? value : REDACTED;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
