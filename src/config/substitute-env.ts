/**
 * `${VAR}` and `${VAR:-default}` in every string scalar, before validation. `$${VAR}` stays as the literal
 * text `${VAR}`. Every reference to an unset variable (without a default) is an issue at its string, and so is
 * a reference in a form holodeck does not read (`${VAR-x}`, `${VAR:=x}`, `$VAR` as an API key).
 */

import { defineKey } from '../core/define-key.js';
import { ISSUE } from './issue-codes.js';
import { type ConfigPath, type PathSegment, type PendingIssue, pendingIssue } from './pending-issue.js';

export type Env = Readonly<Record<string, string | undefined>>;

export interface EnvSubstitution {
  readonly value: unknown;
  readonly issues: readonly PendingIssue[];
  /** Every variable whose value was put in, and where (secrets are found by these). */
  readonly references: readonly EnvReference[];
}

export interface EnvReference {
  readonly path: ConfigPath;
  readonly name: string;
}

/**
 * `${NAME}` and `${NAME:-default}`, read; and what looks meant as a reference in another shell form —
 * `${ NAME }`, `${NAME-x}`, `${NAME:=x}`, `${NAME:?x}`, `${NAME+x}` — refused rather than sent as written.
 * Groups: escape (`$`), spaces before, name, then either spaces before `}`, or an operator and its text.
 */
const REFERENCE = /\$(\$?)\{(\s*)([A-Za-z_][A-Za-z0-9_]*)(?:(\s*)\}|(:?[-=?+])([^}]*)\})/g;

/**
 * `$NAME` where only `${NAME}` is read: in a key, a header or a tool server's environment it is a mistake — at the
 * start of the value or after a space, `:` or `=` (`Bearer $TOKEN`, `$PATH:/bin`), not inside a word (a password).
 */
const BARE_REFERENCE = /(?<![^\s:=])\$([A-Z_][A-Z0-9_]*)\b(?!\{)/;

/**
 * `keysUnneeded` (`--replay`): no model is called, so an `api_key` whose variable is unset is left empty
 * instead of being refused — a cassette replays on a machine without the key.
 */
/** Variable names that read as secrets: `OPENAI_API_KEY`, `GITHUB_TOKEN`, `DB_PASSWORD`. */
const SECRET_NAME = /KEY|TOKEN|SECRET|PASS|AUTH|CREDENTIAL/i;

export function substituteEnv(
  data: unknown,
  env: Env,
  basePath: ConfigPath = [],
  keysUnneeded = false,
): EnvSubstitution {
  const issues: PendingIssue[] = [];
  const references: EnvReference[] = [];
  const path: PathSegment[] = [...basePath];

  const substituteString = (text: string): string =>
    text.replace(REFERENCE, (whole, ...groups: (string | undefined)[]) => {
      const [escaped, before, name, after, operator, rest] = groups as [
        string,
        string,
        string,
        ...(string | undefined)[],
      ];
      if (escaped) return whole.slice(1);
      if (before !== '' || (after ?? '') !== '' || (operator !== undefined && operator !== ':-')) {
        issues.push(
          pendingIssue(ISSUE.envMalformed, [...path], `\`${whole}\` is not a reference holodeck reads`, {
            hint: `write \${${name}} or \${${name}:-default}; for the text itself, write $${whole}`,
          }),
        );
        return whole;
      }
      const fallback = operator === undefined ? undefined : rest;
      // `${A:-${B:-x}}`: the default ends at its first `}`, so a nested reference would be cut in two.
      if (fallback !== undefined && /(?<!\$)\$\{/.test(fallback)) {
        issues.push(
          pendingIssue(ISSUE.envMalformed, [...path], `the default of \${${name}:-…} holds another \${…} reference`, {
            hint: 'a default is plain text: nested references are not read',
          }),
        );
        return whole;
      }
      const value = env[name];
      if (fallback !== undefined && (value === undefined || value === '')) return fallback;
      if (value !== undefined) {
        references.push({ path: [...path], name });
        return value;
      }
      if (keysUnneeded && path.at(-1) === 'api_key') return '';
      issues.push(
        pendingIssue(ISSUE.envMissing, [...path], `environment variable \`${name}\` is not set`, {
          // A key or a token has no default worth writing into the file.
          hint:
            SECRET_NAME.test(name) || path.at(-1) === 'api_key'
              ? `set it: export ${name}=…`
              : `set it, or give a default: \${${name}:-value}`,
        }),
      );
      return '';
    });

  const visit = (value: unknown): unknown => {
    if (typeof value === 'string') {
      if (value.includes('$') && isSecretPlace(path)) checkBare(value);
      return value.includes('${') ? substituteString(value) : value;
    }
    if (Array.isArray(value)) return visitArray(value);
    if (value !== null && typeof value === 'object') return visitObject(value as Record<string, unknown>);
    return value;
  };

  const checkBare = (text: string): void => {
    const bare = BARE_REFERENCE.exec(text);
    if (bare === null) return;
    issues.push(
      pendingIssue(ISSUE.envMalformed, [...path], `\`$${bare[1]}\` would be sent as it is written`, {
        hint: `holodeck reads environment variables written \${${bare[1]}}`,
      }),
    );
  };

  const visitArray = (items: readonly unknown[]): unknown[] => {
    let copy: unknown[] | null = null;
    for (let i = 0; i < items.length; i++) {
      path.push(i);
      const next = visit(items[i]);
      path.pop();
      if (next !== items[i]) copy ??= items.slice();
      if (copy) copy[i] = next;
    }
    return copy ?? (items as unknown[]);
  };

  const visitObject = (object: Record<string, unknown>): Record<string, unknown> => {
    let copy: Record<string, unknown> | null = null;
    // for-in, not Object.keys: no array per object (thousands of test cases); own keys only, in the same order.
    for (const key in object) {
      if (!Object.hasOwn(object, key)) continue;
      path.push(key);
      const next = visit(object[key]);
      path.pop();
      if (next !== object[key]) {
        copy ??= { ...object };
        defineKey(copy, key, next);
      }
    }
    return copy ?? object;
  };

  return { value: visit(data), issues, references };
}

/** An API key, a header of a tool server or its environment: where `$NAME` is never meant as text. */
function isSecretPlace(path: readonly PathSegment[]): boolean {
  const parent = path.at(-2);
  return path.at(-1) === 'api_key' || parent === 'headers' || parent === 'env';
}
