/**
 * Regular expressions that run in linear time, for patterns matched against agent output (tool arguments,
 * answers). RE2 semantics through re2js: no backtracking, so a hostile answer cannot stall a run; the price
 * is that backreferences and lookaround cannot be expressed, and are refused with a reason and a hint.
 *
 * Accepted spellings beyond RE2's own: inline flags `(?i)`, `(?m)`, `(?s)` (RE2 takes them anywhere),
 * Python's and JavaScript's named groups `(?P<name>…)` / `(?<name>…)`, and JavaScript's `\uXXXX` /
 * `\u{X…}` escapes. re2js is loaded on the first compile, so a configuration without patterns never pays
 * for it.
 */
import { createRequire } from 'node:module';
import type { RE2JS as RE2JSClass } from 're2js';
import type { CompiledRegex } from '../core/config-types.js';

export type LinearRegexCompile =
  | { readonly ok: true; readonly regex: CompiledRegex }
  | {
      readonly ok: false;
      readonly reason: string;
      /** Set when the pattern is valid elsewhere but RE2 refuses it (backreferences, lookaround). */
      readonly hint: string | null;
    };

export interface LinearRegexOptions {
  /** Match letters regardless of case (as a leading `(?i)` would). */
  readonly case_insensitive?: boolean;
}

export const LINEAR_REGEX_HINT =
  'patterns run on RE2, in linear time, which has no backreferences or lookaround: rewrite the pattern without them';

type Engine = typeof RE2JSClass;
let engine: Engine | null = null;

function re2(): Engine {
  engine ??= (createRequire(import.meta.url)('re2js') as { RE2JS: Engine }).RE2JS;
  return engine;
}

const LEADING_FLAGS = /^\(\?([a-zA-Z]+)\)/;
const SUPPORTED_FLAGS = new Set(['i', 'm', 's']);

/** Constructs RE2 refuses on purpose, found in the raw pattern (skipping escaped characters). */
const UNSUPPORTED: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\(\?[=!]/, 'lookahead (?= or (?! is not supported'],
  [/^\(\?<[=!]/, 'lookbehind (?<= or (?<! is not supported'],
  [/^\(\?P=/, 'backreference (?P=name) is not supported'],
  [/^\\k</, 'backreference \\k<name> is not supported'],
  [/^\\[1-9]/, 'backreference \\1 is not supported'],
];

/** RE2's parse errors in the words the rest of holodeck uses. */
const REASONS: Readonly<Record<string, string>> = {
  'missing closing )': 'missing )',
  'unexpected )': 'unbalanced )',
  'missing closing ]': 'missing ]',
  'missing argument to repetition operator': 'nothing to repeat',
  'trailing backslash at end of expression': 'trailing backslash',
  'duplicate capture group name': 'duplicate group name',
  'invalid named capture': 'invalid group name',
};

export function compileLinearRegex(pattern: string, options: LinearRegexOptions = {}): LinearRegexCompile {
  const flagError = leadingFlagError(pattern);
  if (flagError !== null) return { ok: false, reason: flagError, hint: null };
  const unsupported = unsupportedConstruct(pattern);
  if (unsupported !== null) return { ok: false, reason: unsupported, hint: LINEAR_REGEX_HINT };
  const source = translateUnicodeEscapes(pattern);
  const RE2JS = re2();
  const flags = options.case_insensitive ? RE2JS.CASE_INSENSITIVE : 0;
  try {
    const compiled = RE2JS.compile(source, flags);
    return { ok: true, regex: wrap(pattern, compiled, options) };
  } catch (error) {
    return { ok: false, reason: reasonOf(error), hint: null };
  }
}

/** Plain data apart from two functions, so reports and config snapshots show the pattern, not engine state. */
function wrap(pattern: string, compiled: RE2JSClass, options: LinearRegexOptions): CompiledRegex {
  return {
    source: pattern,
    flags: options.case_insensitive ? 'i' : '',
    fullMatch: (text) => compiled.testExact(text),
    search: (text) => compiled.test(text),
  };
}

function leadingFlagError(pattern: string): string | null {
  const inline = LEADING_FLAGS.exec(pattern);
  if (!inline) return null;
  const unsupported = [...inline[1]!].filter((flag) => !SUPPORTED_FLAGS.has(flag));
  return unsupported.length > 0 ? `unsupported inline flag (?${unsupported.join('')})` : null;
}

function unsupportedConstruct(pattern: string): string | null {
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i];
    if (!inClass) {
      const rest = pattern.slice(i, i + 4);
      for (const [construct, reason] of UNSUPPORTED) if (construct.test(rest)) return reason;
    }
    if (char === '\\') i += 1;
    else if (char === '[') inClass = true;
    else if (char === ']') inClass = false;
  }
  return null;
}

/** `\uXXXX` and `\u{X…}` (JavaScript) → `\x{…}` (RE2); an escaped backslash is left alone. */
function translateUnicodeEscapes(pattern: string): string {
  if (!pattern.includes('\\u')) return pattern;
  return pattern.replace(/\\\\|\\u\{([0-9a-fA-F]+)\}|\\u([0-9a-fA-F]{4})/g, (match, braced?: string, four?: string) =>
    braced === undefined && four === undefined ? match : `\\x{${braced ?? four}}`,
  );
}

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const detail = error as Error & { readonly error?: unknown; readonly input?: unknown };
  if (typeof detail.error !== 'string') return error.message;
  const known = REASONS[detail.error];
  if (known !== undefined) return known;
  return typeof detail.input === 'string' && detail.input !== '' ? `${detail.error} \`${detail.input}\`` : detail.error;
}
