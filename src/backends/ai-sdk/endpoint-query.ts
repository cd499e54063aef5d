/**
 * An endpoint's query string (`https://gw.example.com/v1?key=…`, `…/openai?api-version=2024-10-21`) belongs
 * after the API path of every request, not before it: the provider clients build URLs by appending their path
 * to the base URL, so the query is taken off the base and put back on each request by the fetch they use.
 */

export interface SplitEndpoint {
  /** The endpoint without its query string and fragment. */
  readonly base: string;
  /** The query string as written, without `?` (empty when there is none). */
  readonly query: string;
}

export function splitEndpoint(endpoint: string): SplitEndpoint {
  const cut = endpoint.search(/[?#]/);
  if (cut === -1) return { base: endpoint, query: '' };
  const query = endpoint[cut] === '?' ? endpoint.slice(cut + 1).split('#')[0]! : '';
  return { base: endpoint.slice(0, cut), query };
}

/** The query without the parameter `name`, and that parameter's value (null when absent). */
export function takeParameter(query: string, name: string): { readonly query: string; readonly value: string | null } {
  const params = new URLSearchParams(query);
  const value = params.get(name);
  if (value === null) return { query, value };
  const rest = query.split('&').filter((pair) => safeDecode(pair.split('=')[0]!) !== name);
  return { query: rest.join('&'), value };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** A fetch that appends `query` to every request URL (after a `?` or `&`), then calls `fetchImpl`. */
export function fetchWithQuery(fetchImpl: typeof fetch, query: string): typeof fetch {
  if (query === '') return fetchImpl;
  return (input, init) => {
    if (typeof input === 'string') return fetchImpl(withQuery(input, query), init);
    if (input instanceof URL) return fetchImpl(new URL(withQuery(input.href, query)), init);
    return fetchImpl(new Request(withQuery(input.url, query), input), init);
  };
}

function withQuery(url: string, query: string): string {
  const hash = url.indexOf('#');
  const [head, fragment] = hash === -1 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  const joiner = head.includes('?') ? (head.endsWith('?') || head.endsWith('&') ? '' : '&') : '?';
  return `${head}${joiner}${query}${fragment}`;
}
