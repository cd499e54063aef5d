/**
 * JSON Schema `pattern` and `patternProperties` on RE2, for ajv's `code.regExp` option: ajv would otherwise
 * build a JavaScript `RegExp`, whose backtracking a hostile string (a tool argument, an answer) can keep busy
 * for hours on the thread that validates it, beyond the reach of timeouts and signals. A pattern searches
 * anywhere in the string, as JSON Schema says; RE2's syntax is that of `compileLinearRegex`.
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

export function linearRegExpEngine(refused: RefusedPattern): RegExpEngine {
  const engine = (pattern: string) => {
    // ajv keys the compiled patterns of a schema by this text: it must tell two patterns apart.
    const text = `/${pattern}/`;
    const compiled = compileLinearRegex(pattern);
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
