/**
 * The pieces of a secret a cut left in a text: a message quoting 200 characters of an answer may end inside a
 * key (`… tok_ABCDEFGH…`), or show the tail of a long text that starts inside one (`…IJKL0123 …`). Such a piece
 * no longer matches the whole value, so the mask misses it; here, a run of at least MIN_PIECE characters right
 * before a `…` that starts a secret's form, or right after one that ends a form, is masked as the whole would be.
 */

const ELLIPSIS = '…';
/** Shorter pieces are ordinary text too often; a secret is at least 6 characters (shorter ones are not masked). */
const MIN_PIECE = 6;
/** A text holding more ellipses than this is checked at its first ones only (each check is short). */
const MAX_CUTS = 1_000;

/** `forms`: each form of each secret (lower-cased) → the name its mask shows. */
export function maskCutSecrets(text: string, forms: ReadonlyMap<string, string>, mask: (name: string) => string) {
  if (!text.includes(ELLIPSIS)) return text;
  const lower = text.toLowerCase();
  // Lower-casing may change lengths (`İ`): then offsets would not match; such text is left as it is.
  if (lower.length !== text.length) return text;
  const spans: [number, number, string][] = [];
  let cuts = 0;
  for (let at = lower.indexOf(ELLIPSIS); at !== -1 && cuts < MAX_CUTS; at = lower.indexOf(ELLIPSIS, at + 1)) {
    cuts += 1;
    for (const [form, name] of forms) {
      const before = longestPrefixBefore(lower, at, form);
      if (before > 0) spans.push([at - before, at, name]);
      const after = longestSuffixAfter(lower, at + 1, form);
      if (after > 0) spans.push([at + 1, at + 1 + after, name]);
    }
  }
  if (spans.length === 0) return text;
  spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let out = '';
  let done = 0;
  for (const [start, end, name] of spans) {
    if (start < done) continue;
    out += `${text.slice(done, start)}${mask(name)}`;
    done = end;
  }
  return out + text.slice(done);
}

/** The longest k ≥ MIN_PIECE (shorter than the form) with text[end-k, end) the form's first k characters; else 0. */
function longestPrefixBefore(text: string, end: number, form: string): number {
  const last = text.charAt(end - 1);
  for (let k = Math.min(form.length - 1, end); k >= MIN_PIECE; k -= 1) {
    if (form.charAt(k - 1) === last && text.startsWith(form.slice(0, k), end - k)) return k;
  }
  return 0;
}

/** The longest k ≥ MIN_PIECE (shorter than the form) with text[start, start+k) the form's last k characters. */
function longestSuffixAfter(text: string, start: number, form: string): number {
  const first = text.charAt(start);
  for (let k = Math.min(form.length - 1, text.length - start); k >= MIN_PIECE; k -= 1) {
    if (form.charAt(form.length - k) === first && text.startsWith(form.slice(form.length - k), start)) return k;
  }
  return 0;
}
