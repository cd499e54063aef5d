/**
 * JSON Schema `pattern` and `patternProperties` on RE2, for ajv's `code.regExp` option: ajv would otherwise
 * build a JavaScript `RegExp`, whose backtracking a hostile string (a tool argument, an answer) can keep busy
 * for hours on the thread that validates it, beyond the reach of timeouts and signals. A pattern searches
 * anywhere in the string, as JSON Schema says; RE2's syntax is that of `compileLinearRegex`. JSON Schema reads a
 * pattern as ECMA-262 (ajv with the `u` flag), so where the two differ on one spelling — `\s`, `\S` and `.`, whose
 * RE2 forms are narrower or wider, `[^]`, `\cX`, `\p{Script=…}` — the pattern is rewritten to match as JavaScript's.
 */
import type { CodeOptions } from 'ajv';
import { compileLinearRegex, type LinearRegexCompile } from './linear-regex.js';

export type RegExpEngine = NonNullable<CodeOptions['regExp']>;

/**
 * What a pattern RE2 cannot run (lookaround, a backreference, a syntax error) does: `throw` makes compiling the
 * schema fail, naming the pattern; `unchecked` leaves it unchecked (it matches every string).
 */
export type RefusedPattern = 'throw' | 'unchecked';

/** Thrown while ajv compiles a schema holding a pattern RE2 cannot run (with `refused: 'throw'`). */
export class RefusedPatternError extends Error {
  /** Names the pattern and what is wrong with it, as the other configuration regexes say it. */
  readonly reason: string;
  readonly hint: string | null;

  constructor(
    readonly pattern: string,
    compiled: Extract<LinearRegexCompile, { ok: false }>,
  ) {
    const reason = `invalid regular expression ${JSON.stringify(pattern)}: ${compiled.reason}`;
    super(compiled.hint === null ? reason : `${reason} — ${compiled.hint}`);
    this.name = 'RefusedPatternError';
    this.reason = reason;
    this.hint = compiled.hint;
  }
}

/** A JSON Schema pattern compiled on RE2 so that it matches as ECMA-262 reads it (see rewriteEcmaPattern). */
export function compileSchemaPattern(pattern: string): LinearRegexCompile {
  const rewritten = rewriteEcmaPattern(pattern);
  return rewritten.ok ? compileLinearRegex(rewritten.source) : rewritten;
}

export function linearRegExpEngine(refused: RefusedPattern): RegExpEngine {
  const engine = (pattern: string) => {
    // ajv keys the compiled patterns of a schema by this text: it must tell two patterns apart.
    const text = `/${pattern}/`;
    const compiled = compileSchemaPattern(pattern);
    if (compiled.ok) {
      const { regex } = compiled;
      return { test: (value: string) => regex.search(value), toString: () => text };
    }
    if (refused === 'unchecked') return { test: () => true, toString: () => text };
    throw new RefusedPatternError(pattern, compiled);
  };
  // What standalone code would call; ajv compiles no standalone code here.
  return Object.assign(engine, { code: 'linearRegExp' });
}

/** JavaScript's `\s` (ECMA-262 WhiteSpace and LineTerminator) as members of an RE2 class; RE2's `\s` is ASCII. */
const WHITE_SPACE =
  '\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';
const NOT_WHITE_SPACE = `[^${WHITE_SPACE}]`;
/** JavaScript's `.` without the `s` flag: anything but a line terminator (RE2's leaves out `\n` only). */
const NOT_LINE_TERMINATOR = '[^\\n\\r\\x{2028}\\x{2029}]';
const ANY = '[\\x{0}-\\x{10FFFF}]';
const NOTHING = '[^\\x{0}-\\x{10FFFF}]';

/** ECMA-262's long General_Category names, which RE2 spells by their short ones. */
const CATEGORIES: Readonly<Record<string, string>> = {
  Letter: 'L',
  Uppercase_Letter: 'Lu',
  Lowercase_Letter: 'Ll',
  Titlecase_Letter: 'Lt',
  Modifier_Letter: 'Lm',
  Other_Letter: 'Lo',
  Mark: 'M',
  Nonspacing_Mark: 'Mn',
  Spacing_Mark: 'Mc',
  Enclosing_Mark: 'Me',
  Number: 'N',
  Decimal_Number: 'Nd',
  Letter_Number: 'Nl',
  Other_Number: 'No',
  Punctuation: 'P',
  Connector_Punctuation: 'Pc',
  Dash_Punctuation: 'Pd',
  Open_Punctuation: 'Ps',
  Close_Punctuation: 'Pe',
  Initial_Punctuation: 'Pi',
  Final_Punctuation: 'Pf',
  Other_Punctuation: 'Po',
  Symbol: 'S',
  Math_Symbol: 'Sm',
  Currency_Symbol: 'Sc',
  Modifier_Symbol: 'Sk',
  Other_Symbol: 'So',
  Separator: 'Z',
  Space_Separator: 'Zs',
  Line_Separator: 'Zl',
  Paragraph_Separator: 'Zp',
  Other: 'C',
  Control: 'Cc',
  Format: 'Cf',
  Private_Use: 'Co',
};

export type EcmaPatternRewrite =
  | { readonly ok: true; readonly source: string }
  | { readonly ok: false; readonly reason: string; readonly hint: null };

/**
 * A JSON Schema pattern (ECMA-262, as ajv's `u` flag reads it) as RE2 source that matches the same strings:
 * `\s`, `\S` and `.` as JavaScript means them (Unicode white space; any character but `\n`, `\r`, U+2028 and
 * U+2029, unless an inline `(?s)` says otherwise), `[^]` and `[]`, `\cX`, and `\p{Script=…}`, `\p{sc=…}`,
 * `\p{General_Category=…}` and long category names as RE2 spells them. An escaped backslash stays one, and
 * `\Q…\E` is copied as it is. `\S` in a negated class (`[^a\S]`) is refused.
 */
export function rewriteEcmaPattern(pattern: string): EcmaPatternRewrite {
  let out = '';
  // Whether `.` matches every character, per open group (RE2's `(?s)` and `(?s:…)`).
  const dotAll: boolean[] = [false];
  let i = 0;
  while (i < pattern.length) {
    const char = pattern[i]!;
    if (char === '\\') {
      if (pattern[i + 1] === 'Q') {
        const end = pattern.indexOf('\\E', i + 2);
        const stop = end === -1 ? pattern.length : end + 2;
        out += pattern.slice(i, stop);
        i = stop;
        continue;
      }
      const [text, length] = escapeOutside(pattern, i);
      out += text;
      i += length;
    } else if (char === '[') {
      const cls = rewriteClass(pattern, i);
      if (!cls.ok) return cls;
      out += cls.source;
      i = cls.end;
    } else if (char === '.') {
      out += dotAll.at(-1) === true ? '.' : NOT_LINE_TERMINATOR;
      i += 1;
    } else if (char === '(') {
      const flags = /^\(\?([a-zA-Z]*)(?:-([a-zA-Z]*))?([:)])/.exec(pattern.slice(i));
      const current = dotAll.at(-1) === true;
      const next = flags === null ? current : flags[1]!.includes('s') || (current && !flags[2]?.includes('s'));
      if (flags?.[3] === ')') dotAll[dotAll.length - 1] = next;
      else dotAll.push(next);
      const length = flags === null ? 1 : flags[0].length;
      out += pattern.slice(i, i + length);
      i += length;
    } else {
      if (char === ')' && dotAll.length > 1) dotAll.pop();
      out += char;
      i += 1;
    }
  }
  return { ok: true, source: out };
}

/** The RE2 text of the escape at `start` outside a class, and how many characters it takes. */
function escapeOutside(pattern: string, start: number): [string, number] {
  const next = pattern[start + 1];
  if (next === 's') return [`[${WHITE_SPACE}]`, 2];
  if (next === 'S') return [NOT_WHITE_SPACE, 2];
  return sharedEscape(pattern, start);
}

/** Escapes that read alike in and out of a class: `\cX`, `\p{…}`; any other is copied (two characters). */
function sharedEscape(pattern: string, start: number): [string, number] {
  const next = pattern[start + 1];
  const control = /^\\c([a-zA-Z])/.exec(pattern.slice(start, start + 3));
  if (control !== null) {
    const code = control[1]!.charCodeAt(0) % 32;
    return [`\\x{${code.toString(16).toUpperCase()}}`, 3];
  }
  if (next === 'p' || next === 'P') {
    const property = /^\\[pP]\{([^}]*)\}/.exec(pattern.slice(start));
    if (property !== null) return [`\\${next}{${propertyName(property[1]!)}}`, property[0].length];
  }
  return [pattern.slice(start, start + 2), Math.min(2, pattern.length - start)];
}

function propertyName(name: string): string {
  const [key, value] = name.includes('=') ? name.split('=', 2) : [null, name];
  const bare = value ?? '';
  const scriptOrCategory = key === null || ['Script', 'sc', 'General_Category', 'gc'].includes(key);
  if (!scriptOrCategory) return name;
  return CATEGORIES[bare] ?? (key === null ? name : bare);
}

type ClassRewrite =
  | { readonly ok: true; readonly source: string; readonly end: number }
  | { readonly ok: false; readonly reason: string; readonly hint: null };

/** The class opening at `start`, closed as JavaScript closes it: a `]` right after `[` or `[^` ends it. */
function rewriteClass(pattern: string, start: number): ClassRewrite {
  const negated = pattern[start + 1] === '^';
  let i = start + (negated ? 2 : 1);
  let members = '';
  let notWhiteSpace = false;
  while (i < pattern.length && pattern[i] !== ']') {
    if (pattern[i] === '\\') {
      const next = pattern[i + 1];
      if (next === 's') {
        members += WHITE_SPACE;
        i += 2;
        continue;
      }
      if (next === 'S') {
        notWhiteSpace = true;
        i += 2;
        continue;
      }
      const [text, length] = sharedEscape(pattern, i);
      members += text;
      i += length;
    } else {
      members += pattern[i];
      i += 1;
    }
  }
  // An unclosed class: left for RE2 to refuse.
  if (i >= pattern.length) return { ok: true, source: pattern.slice(start), end: pattern.length };
  const end = i + 1;
  if (notWhiteSpace && negated) {
    return { ok: false, reason: '\\S inside a negated class is not supported', hint: null };
  }
  if (members === '') return { ok: true, source: notWhiteSpace ? NOT_WHITE_SPACE : negated ? ANY : NOTHING, end };
  const cls = `[${negated ? '^' : ''}${members}]`;
  return { ok: true, source: notWhiteSpace ? `(?:${cls}|${NOT_WHITE_SPACE})` : cls, end };
}
