/**
 * Runs a zod schema and turns its issues into our wording: located paths, stable codes, hints. A per-parse
 * error map captures each raw issue (with the schema that raised it) and returns a handle as its message,
 * so the conversion can read what zod knew at that moment.
 */
import type { z } from 'zod';
import { describeExpected, describeValue, joinAlternatives } from './describe-value.js';
import { didYouMean } from './did-you-mean.js';
import { missingKeyHint } from './fix-hints.js';
import { ISSUE } from './issue-codes.js';
import type { ConfigPath, PathSegment, PendingIssue } from './pending-issue.js';
import { type IssueMeta, isCustomIssueParams, issueMeta } from './schema/schema-meta.js';
import { type ConvertedContext, convertShapeIssue } from './zod-shape-issues.js';

export type Parsed<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly issues: PendingIssue[] };

type RawIssue = z.core.$ZodRawIssue;
const HANDLE = '\u0000issue#';

export function parseWithSchema<S extends z.ZodType>(
  schema: S,
  value: unknown,
  basePath: ConfigPath,
): Parsed<z.output<S>> {
  const captured: RawIssue[] = [];
  const result = schema.safeParse(value, {
    error: (issue) => {
      captured.push(issue);
      return `${HANDLE}${captured.length - 1}`;
    },
  });
  if (result.success) return { ok: true, value: result.data };
  const converter = new IssueConverter(captured, value);
  return { ok: false, issues: result.error.issues.flatMap((issue) => converter.convert(issue, basePath, [])) };
}

class IssueConverter {
  constructor(
    private readonly captured: readonly RawIssue[],
    private readonly root: unknown,
  ) {}

  /** `localBase`: where the issue's own path starts inside the parsed value (set for issues nested in a union). */
  convert(issue: z.core.$ZodIssue, base: ConfigPath, localBase: readonly PathSegment[]): PendingIssue[] {
    const relative = issue.path.map((segment) => (typeof segment === 'symbol' ? String(segment) : segment));
    const local = [...localBase, ...relative];
    const raw = this.rawOf(issue);
    const context: ConvertedContext = { raw, meta: metaOf(raw), path: [...base, ...local] };
    if (issue.code === 'custom') return [customIssue(issue, context)];
    if (issue.code === 'invalid_union') return this.union(issue, base, local, context);
    if (issue.code === 'invalid_type' && this.isMissing(local)) return [missingKey(context)];
    return convertShapeIssue(issue, context);
  }

  private union(
    issue: z.core.$ZodIssueInvalidUnion,
    base: ConfigPath,
    local: PathSegment[],
    context: ConvertedContext,
  ): PendingIssue[] {
    const discriminator = (issue as { discriminator?: unknown }).discriminator;
    if (typeof discriminator === 'string') return [this.discriminatorIssue(issue, discriminator, context, local)];
    // A branch that refused the value's very kind says nothing of what is wrong inside it: a list of names for
    // a mapping's key is judged by the mapping's branch, not by the branch of plain names.
    const value = this.valueAt(local);
    const refusedKind = (inner: z.core.$ZodIssue) =>
      inner.path.length === 0 &&
      (inner.code === 'invalid_type' ||
        (inner.code === 'invalid_value' && typeof value === 'object' && value !== null));
    const judged = issue.errors.filter((branch) => !(branch.length === 1 && refusedKind(branch[0]!)));
    // Nor does a branch that knows none of a mapping's keys, where another knows some: `{ claude_agent_sdk: {…} }`
    // with mistakes inside is judged by the branch of that key, not by `{ module }`, which would only refuse the key.
    const sharesKeys = judged.filter((branch) => !branch.some((inner) => refusesEveryKey(inner, value)));
    const relevant = sharesKeys.length > 0 ? sharesKeys : judged;
    if (relevant.length > 0) {
      const best = relevant.reduce((a, b) => (b.length < a.length ? b : a));
      return best.flatMap((inner) => this.convert(inner, base, local));
    }
    const expected = issue.errors.map((branch) => {
      const first = branch[0];
      return first?.code === 'invalid_type' ? describeExpected(first.expected) : 'a valid value';
    });
    const message = `expected ${joinAlternatives(expected)}, got ${describeValue(this.valueAt(local))}`;
    return [
      { code: ISSUE.invalidType, path: context.path, target: 'value', message, hint: context.meta?.hint ?? null },
    ];
  }

  private discriminatorIssue(
    issue: z.core.$ZodIssueInvalidUnion,
    discriminator: string,
    context: ConvertedContext,
    local: PathSegment[],
  ): PendingIssue {
    const optionsValue = (issue as { options?: unknown }).options;
    const options = Array.isArray(optionsValue) ? optionsValue.map(String) : [];
    const listed = `one of: ${options.join(', ')}`;
    const endsWithKey = local[local.length - 1] === discriminator;
    const path = endsWithKey ? context.path : [...context.path, discriminator];
    const value = this.valueAt(endsWithKey ? local : [...local, discriminator]);
    if (value === undefined) {
      return {
        code: ISSUE.missingKey,
        path,
        target: 'parent',
        message: `missing required key \`${discriminator}\``,
        hint: listed,
      };
    }
    const hint = typeof value === 'string' ? (didYouMean(value, options) ?? listed) : listed;
    const message = `unknown ${discriminator} ${describeValue(value)}`;
    return { code: ISSUE.invalidValue, path, target: 'value', message, hint };
  }

  private rawOf(issue: z.core.$ZodIssue): RawIssue | undefined {
    if (!issue.message.startsWith(HANDLE)) return undefined;
    return this.captured[Number(issue.message.slice(HANDLE.length))];
  }

  private valueAt(path: readonly PathSegment[]): unknown {
    let current = this.root;
    for (const segment of path) {
      if (current === null || typeof current !== 'object') return undefined;
      current = (current as Record<string, unknown>)[segment];
    }
    return current;
  }

  private isMissing(path: readonly PathSegment[]): boolean {
    if (path.length === 0) return this.root === undefined;
    const parent = this.valueAt(path.slice(0, -1));
    const key = path[path.length - 1]!;
    return parent !== null && typeof parent === 'object' && !Array.isArray(parent) && !Object.hasOwn(parent, key);
  }
}

/** A strict mapping's unknown keys at the value's own level, naming every key the value has. */
function refusesEveryKey(inner: z.core.$ZodIssue, value: unknown): boolean {
  if (inner.code !== 'unrecognized_keys' || inner.path.length !== 0) return false;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => inner.keys.includes(key));
}

function metaOf(raw: RawIssue | undefined): IssueMeta | undefined {
  if (!raw) return undefined;
  const schema = (raw as { schema?: unknown }).schema ?? raw.inst;
  if (schema === undefined || schema === null || typeof schema !== 'object') return undefined;
  return issueMeta.get(schema as z.core.$ZodType);
}

function customIssue(issue: z.core.$ZodIssueCustom, context: ConvertedContext): PendingIssue {
  const params = isCustomIssueParams(issue.params) ? issue.params : null;
  const message = issue.message.startsWith(HANDLE) ? 'invalid value' : issue.message;
  return {
    code: params?.code ?? ISSUE.invalidValue,
    path: context.path,
    target: params?.target ?? 'value',
    message,
    hint: params?.hint ?? null,
  };
}

function missingKey(context: ConvertedContext): PendingIssue {
  const key = context.path[context.path.length - 1];
  const message = key === undefined ? 'a value is required' : `missing required key \`${String(key)}\``;
  return { code: ISSUE.missingKey, path: context.path, target: 'parent', message, hint: missingKeyHint(context.path) };
}
