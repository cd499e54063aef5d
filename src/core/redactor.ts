/**
 * Masks secret values in text, by value, in every encoding an output may give them: as they are, JSON-escaped
 * (up to three times over), HTML/XML-escaped, Markdown-escaped, URL-encoded, base64, each in any letter case. One
 * pattern of escaped literals is built once per run; a match becomes `***NAME`, the name of the variable (or
 * setting) the value came from. A piece of a secret that a cut left beside a `…` is masked too, and so is a run
 * of a key's first or last characters long enough to matter (mask-secret-pieces.ts).
 */

import { defineKey } from './define-key.js';
import { maskCutSecrets } from './mask-cut-secrets.js';
import { secretPiecesMasker } from './mask-secret-pieces.js';

export interface SecretValue {
  /** Where the value comes from, shown in the mask: `OPENAI_API_KEY`, `model.endpoint?sig`. */
  readonly name: string;
  readonly value: string;
}

export interface Redactor {
  /** Whether there is anything to mask. */
  readonly active: boolean;
  text(text: string): string;
  /** A copy of plain data with every string masked; unchanged parts are shared, not copied. */
  deep<T>(value: T): T;
  /**
   * How many characters at the end of a masked text could begin a secret (in any of its forms, any letter
   * case): a stream written piece by piece holds them back until the next piece tells.
   */
  heldSuffix(text: string): number;
  /**
   * A copy of plain data with each mask `***NAME` whose NAME stands for one secret replaced by its value: an
   * answer kept masked (in a cassette, the cache) given back as the model wrote it — when masking lost nothing.
   */
  restore<T>(value: T): T;
}

export const MASK_PREFIX = '***';

/** The shortest text that may hold a piece of a secret left by a cut: six characters and the `…`. */
const MIN_CUT_TEXT = 7;

export function createRedactor(secrets: readonly SecretValue[]): Redactor {
  const names = new Map<string, string>();
  for (const secret of [...secrets].sort((a, b) => b.value.length - a.value.length)) {
    if (secret.value === '') continue;
    for (const variant of encodings(secret.value)) if (!names.has(variant)) names.set(variant, secret.name);
  }
  if (names.size === 0) {
    return { active: false, text: (text) => text, deep: (value) => value, heldSuffix: () => 0, restore: (v) => v };
  }
  const literals = [...names.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  // In any letter case: an agent that upper-cases a key has still written it out.
  const pattern = new RegExp(literals.join('|'), 'gi');
  // V8's case-insensitive alternation can miss a form holding a character whose case folds to ASCII (the Kelvin
  // sign K, U+212A): a form with any non-ASCII character is also matched exactly, as written and in upper and
  // lower case. The 'u' flag would fold it right, at a hundred times the cost on every text.
  const exact = exactPattern([...names.keys()].filter(hasNonAscii));
  const folded = new Map<string, string>();
  for (const [form, name] of names) if (!folded.has(form.toLowerCase())) folded.set(form.toLowerCase(), name);
  // A string shorter than the shortest form cannot hold one: names, roles and metric kinds skip the scan.
  let shortest = Number.POSITIVE_INFINITY;
  for (const form of names.keys()) shortest = Math.min(shortest, form.length);
  const mask = (name: string) => `${MASK_PREFIX}${name}`;
  // The values as they are: a cut is made in the text before any output escapes it.
  const values = new Map<string, string>();
  for (const secret of secrets) if (secret.value !== '') values.set(secret.value.toLowerCase(), secret.name);
  // A key's first or last characters, as a message shows a key partly masked (`sk-proj-AbCd…a*cdef`).
  const pieces = secretPiecesMasker(values, mask);
  const text = (input: string): string => {
    const name = (match: string) => mask(names.get(match) ?? folded.get(match.toLowerCase()) ?? 'SECRET');
    const once = input.length < shortest ? input : input.replace(pattern, name);
    const whole = exact === null || once.length < shortest ? once : once.replace(exact, name);
    const masked = pieces === null ? whole : pieces(whole);
    return masked.length < MIN_CUT_TEXT ? masked : maskCutSecrets(masked, values, mask);
  };
  const deep = <T>(value: T): T => deepMap(value, text) as T;
  const forms = [...folded.keys()];
  const longest = forms.reduce((max, form) => Math.max(max, form.length), 0);
  const heldSuffix = (input: string) => longestOpenPrefix(input, forms, longest);
  return { active: true, text, deep, heldSuffix, restore: restorer(secrets, mask) };
}

/** Puts back the value of each mask that names one secret (a name given to two values is left masked). */
function restorer(secrets: readonly SecretValue[], mask: (name: string) => string): Redactor['restore'] {
  const byName = new Map<string, string | null>();
  for (const { name, value } of secrets) {
    if (value === '') continue;
    const known = byName.get(name);
    byName.set(name, known === undefined || known === value ? value : null);
  }
  const masks = new Map<string, string>();
  for (const [name, value] of byName) if (value !== null) masks.set(mask(name), value);
  if (masks.size === 0) return (value) => value;
  const pattern = new RegExp(
    [...masks.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|'),
    'g',
  );
  const text = (input: string) =>
    input.includes(MASK_PREFIX) ? input.replace(pattern, (match) => masks.get(match) ?? match) : input;
  return <T>(value: T): T => deepMap(value, text) as T;
}

/**
 * The longest end of `text` (after its last line break, shorter than the longest form) that is the start, not
 * the whole, of a form.
 */
function longestOpenPrefix(text: string, forms: readonly string[], longest: number): number {
  const from = Math.max(text.lastIndexOf('\n') + 1, text.length - longest + 1);
  for (let start = from; start < text.length; start += 1) {
    const rest = text.slice(start).toLowerCase();
    if (forms.some((form) => form.length > rest.length && form.startsWith(rest))) return text.length - start;
  }
  return 0;
}

/** The forms a value takes in the outputs holodeck writes. */
export function encodings(value: string): Set<string> {
  const forms = new Set<string>([value]);
  const json = JSON.stringify(value).slice(1, -1);
  forms.add(json);
  // JSON inside JSON, twice over: an agent answering in JSON escapes the value once, a failure reason quoting that
  // answer (`got "{\"key\": …}"`) again, and a report quoting the reason a third time.
  const twice = JSON.stringify(json).slice(1, -1);
  forms.add(twice);
  forms.add(JSON.stringify(twice).slice(1, -1));
  forms.add(json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026'));
  const html = htmlEscape(value);
  forms.add(html);
  forms.add(
    html
      .replace(/&#39;/g, '&apos;')
      .replace(/&quot;/g, '"')
      .replace(/&#39;|'/g, "'"),
  );
  forms.add(value.replace(/[&<>]/g, (ch) => (ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : '&gt;')));
  forms.add(markdownEscape(value));
  forms.add(encodeURIComponent(value));
  forms.add(encodeURIComponent(value).replace(/%20/g, '+'));
  forms.add(encodeURI(value));
  const base64 = Buffer.from(value, 'utf8').toString('base64');
  forms.add(base64);
  forms.add(base64.replace(/=+$/, ''));
  forms.add(base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''));
  for (const inner of base64Within(value)) {
    forms.add(inner);
    forms.add(inner.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  forms.add(JSON.stringify(html).slice(1, -1));
  forms.add(JSON.stringify(markdownEscape(value)).slice(1, -1));
  return forms;
}

/**
 * The value's base64 inside longer encoded text (`user:KEY`, as HTTP Basic auth encodes a password, or text
 * after it): for each of the three alignments, the characters that come from the value's bytes alone —
 * those that share bits with the bytes before or after it left out. Short values are left out: their few
 * characters would mask unrelated base64.
 */
function base64Within(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length < MIN_BASE64_WITHIN_BYTES) return [];
  const forms: string[] = [];
  for (const before of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(before), bytes])
      .toString('base64')
      .replace(/=+$/, '');
    // Characters holding a bit of the bytes before: none, 2 after one byte, 3 after two.
    const start = before === 0 ? 0 : before + 1;
    // The last character holds bits of the bytes after unless the bits end on a character's edge.
    const end = ((before + bytes.length) * 8) % 6 === 0 ? encoded.length : encoded.length - 1;
    forms.push(encoded.slice(start, end));
  }
  return forms;
}

const MIN_BASE64_WITHIN_BYTES = 8;

function htmlEscape(value: string): string {
  return value.replace(/[&<>"']/g, (ch) =>
    ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : ch === '"' ? '&quot;' : '&#39;',
  );
}

function markdownEscape(value: string): string {
  return value
    .replace(/[&<>]/g, (ch) => (ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : '&gt;'))
    .replace(/[\\`*_[\]|~#]/g, (ch) => `\\${ch}`);
}

/** Whether `text` holds a character beyond ASCII. */
function hasNonAscii(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) if (text.charCodeAt(index) > 0x7f) return true;
  return false;
}

/** One exact pattern of the forms, as written and in upper and lower case; null when there are none. */
function exactPattern(forms: readonly string[]): RegExp | null {
  if (forms.length === 0) return null;
  const cases = new Set(forms.flatMap((form) => [form, form.toLowerCase(), form.toUpperCase()]));
  const literals = [...cases].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return new RegExp(literals.join('|'), 'g');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A value that holds itself (user code may return one) is written `[Circular]` where it comes round again, as
 * the reports write it: walking it would never end.
 */
function deepMap(value: unknown, text: (input: string) => string, within = new Set<object>()): unknown {
  if (typeof value === 'string') return text(value);
  if (value === null || typeof value !== 'object') return value;
  if (within.has(value)) return CIRCULAR;
  within.add(value);
  try {
    return deepMapObject(value, text, within);
  } finally {
    within.delete(value);
  }
}

const CIRCULAR = '[Circular]';

function deepMapObject(value: object, text: (input: string) => string, within: Set<object>): unknown {
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const next = deepMap(value[i], text, within);
      if (next !== value[i]) copy ??= value.slice();
      if (copy !== null) copy[i] = next;
    }
    return copy ?? value;
  }
  if (value instanceof Date) return value;
  let copy: Record<string, unknown> | null = null;
  let renamed = false;
  // for-in, not Object.keys: no array per object (a run's configuration holds thousands of test cases).
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    const next = deepMap(item, text, within);
    if (next !== item) {
      copy ??= { ...(value as Record<string, unknown>) };
      copy[key] = next;
    }
    // A secret can be a key too (a tool's result keyed by a token).
    if (!renamed && text(key) !== key) renamed = true;
  }
  return renamed ? withMaskedKeys(copy ?? (value as Record<string, unknown>), text) : (copy ?? value);
}

/** The object with its keys masked, in their order (defined, not assigned: a `__proto__` key stays a key). */
function withMaskedKeys(value: Record<string, unknown>, text: (input: string) => string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    defineKey(out, text(key), value[key]);
  }
  return out;
}
