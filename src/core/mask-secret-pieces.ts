/**
 * The pieces of a key a message shows partly masked: a provider's 401 quoting `sk-proj-AbCd…1234567890a*cdef`
 * (all but one character), a log writing the first 20 characters and `...` and the last four. Such a piece no
 * longer matches the whole value, so the mask misses it; here, a run of a key's first characters anywhere in a
 * text, or of its last ones after what hides the rest (`*`, `...`), is masked as the whole would be, once it
 * holds enough of the key to matter: MIN_SECRET characters beyond the key's leading words (`sk-proj-`,
 * `sk-ant-api03-`, `github_pat_`), which are the same for every key of a provider and tell nothing.
 *
 * Only key-like values have pieces (letters and digits, perhaps `-`, `_`, `+`, `/`, `=`, with a digit and a
 * letter): a host, a path or a passphrase shares its pieces with ordinary text (`example.com`, `_account`).
 */

/** A piece holding fewer characters of the key than this is left as it is (OpenAI's own message shows 4). */
export const MIN_SECRET = 8;
/** The key's leading words, counted as public, are at most this long (a random key may look like words). */
const MAX_PUBLIC = 16;
const KEY_LIKE = /^(?=.*[0-9])(?=.*[a-z])[a-z0-9_\-+/=]+$/;
const LEADING_WORD = /^[a-z]+[0-9]*[-_]/;

/**
 * A masker of the pieces of the values of `values` (each lower-cased → the name its mask shows), or null when no
 * value is key-like enough to have any.
 */
export function secretPiecesMasker(
  values: ReadonlyMap<string, string>,
  mask: (name: string) => string,
): ((text: string) => string) | null {
  const heads = new Map<string, Piece[]>();
  const tails = new Map<string, Piece[]>();
  for (const [value, name] of values) {
    if (!KEY_LIKE.test(value)) continue;
    const head = publicPrefixLength(value) + MIN_SECRET;
    if (head < value.length) addTo(heads, value.slice(0, head), { value, name });
    if (MIN_SECRET < value.length && value.length - publicPrefixLength(value) >= MIN_SECRET) {
      addTo(tails, value.slice(-MIN_SECRET), { value, name });
    }
  }
  if (heads.size === 0 && tails.size === 0) return null;
  const heading = heads.size === 0 ? null : headPattern(heads);
  const anchorLengths = [...new Set([...heads.keys()].map((anchor) => anchor.length))];
  const headName = (match: string) => {
    for (const length of anchorLengths) {
      const piece = heads.get(match.slice(0, length).toLowerCase())?.[0];
      if (piece !== undefined) return mask(piece.name);
    }
    return match;
  };
  return (text) => {
    if (text.length < MIN_SECRET) return text;
    const headless = heading === null ? text : text.replace(heading, headName);
    if (tails.size === 0) return headless;
    const spans: Span[] = [];
    tailSpans(headless, tails, spans);
    return spans.length === 0 ? headless : replaceSpans(headless, spans, mask);
  };
}

interface Piece {
  /** The value, lower-cased. */
  readonly value: string;
  readonly name: string;
}

type Span = [start: number, end: number, name: string];

function addTo(map: Map<string, Piece[]>, anchor: string, piece: Piece) {
  const known = map.get(anchor);
  if (known === undefined) map.set(anchor, [piece]);
  else known.push(piece);
}

/**
 * One pattern of each value's first characters and, optionally, as many of the next ones as follow
 * (`sk-proj-SECRETKE(?:Y(?:1(?:2)?)?)?`): the longest run is matched in one search, quick since keys share their
 * first few characters.
 */
function headPattern(heads: ReadonlyMap<string, readonly Piece[]>): RegExp {
  const alternatives: string[] = [];
  for (const [anchor, pieces] of heads) {
    for (const { value } of pieces) {
      let rest = '';
      for (let at = value.length - 2; at >= anchor.length; at -= 1)
        rest = `(?:${escapeRegExp(value.charAt(at))}${rest})?`;
      alternatives.push(`${escapeRegExp(anchor)}${rest}`);
    }
  }
  return new RegExp(alternatives.join('|'), 'gi');
}

/**
 * Each run of a value's last characters that follows what hides the rest of a key (`*`, `.`, `…`, `•`): a key's
 * last characters may start with any character, and looking for them at every place of a long text would
 * triple the time masking takes.
 */
function tailSpans(text: string, tails: ReadonlyMap<string, readonly Piece[]>, spans: Span[]) {
  HIDDEN.lastIndex = 0;
  for (let found = HIDDEN.exec(text); found !== null; found = HIDDEN.exec(text)) {
    const end = found.index + found[0].length;
    const from = end - (found[1]?.length ?? 0);
    for (const { value, name } of tails.get(text.slice(end - MIN_SECRET, end).toLowerCase()) ?? []) {
      let start = end - MIN_SECRET;
      while (end - start < value.length && start > from) {
        if (!sameLetter(text.charAt(start - 1), value.charAt(value.length - (end - start) - 1))) break;
        start -= 1;
      }
      spans.push([start, end, name]);
    }
  }
}

/** What hides a key's characters, then a run of key characters long enough to end with a piece. */
const HIDDEN = /[*.…•]+([a-z0-9_\-+/=]{8,})/gi;

function sameLetter(text: string, lowerValue: string): boolean {
  return text === lowerValue || text.toLowerCase() === lowerValue;
}

/** The length of the value's leading words (`sk-`, `proj-`, `api03-`), up to MAX_PUBLIC characters. */
export function publicPrefixLength(value: string): number {
  let length = 0;
  for (;;) {
    const word = LEADING_WORD.exec(value.slice(length));
    if (word === null || length + word[0].length > MAX_PUBLIC) return length;
    length += word[0].length;
  }
}

/** The text with each span (start, end, name) masked; overlapping spans make one mask, the first one's name. */
function replaceSpans(text: string, spans: [number, number, string][], mask: (name: string) => string): string {
  spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let out = '';
  let done = 0;
  for (const [start, end, name] of spans) {
    if (end <= done) continue;
    out += start < done ? '' : `${text.slice(done, start)}${mask(name)}`;
    done = end;
  }
  return out + text.slice(done);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
