/** Field schemas shared by the sections of agent.yaml. */
import { z } from 'zod';
import { isRecord } from '../../core/is-record.js';
import { ISSUE } from '../issue-codes.js';
import { type IssueTarget, type PathSegment, type PendingIssue, pendingIssue } from '../pending-issue.js';
import { type CustomIssueParams, envPlaceholderFields, withIssue } from './schema-meta.js';

const NUMERIC_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** Re-exported for the schema rules: the one guard lives in core. */
export { isRecord };

export function nonBlankString() {
  return withIssue(z.string().regex(/\S/), { code: ISSUE.blankString, message: 'must not be blank' });
}

/** A number; the text of a number is accepted too, as `${VAR}` substitution produces text. */
export function numberField<T extends z.ZodNumber>(schema: T) {
  const field = z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    return NUMERIC_TEXT.test(text) ? Number(text) : value;
  }, schema);
  envPlaceholderFields.add(field, { kind: 'number' });
  return field;
}

/** A share from 0 to 1, also written as a percentage (`80%`, as on the command line); else as numberField. */
export function shareField<T extends z.ZodNumber>(schema: T) {
  const field = z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    const percent = /^(\d+(?:\.\d+)?)\s*%$/.exec(text);
    if (percent !== null) return Number(percent[1]) / 100;
    return NUMERIC_TEXT.test(text) ? Number(text) : value;
  }, schema);
  envPlaceholderFields.add(field, { kind: 'share' });
  return field;
}

/** true/false; the text `true`/`false` is accepted too (from `${VAR}` substitution). */
export function booleanField() {
  const field = z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim().toLowerCase();
    return text === 'true' ? true : text === 'false' ? false : value;
  }, z.boolean());
  envPlaceholderFields.add(field, { kind: 'boolean' });
  return field;
}

export function envEnum<const T extends readonly [string, ...string[]]>(values: T) {
  const field = z.enum(values);
  envPlaceholderFields.add(field, { kind: 'enum' });
  return field;
}

export function threshold() {
  const share = withIssue(z.number().min(0).max(1), {
    hint: 'a threshold is a score between 0 and 1 (0.8, not 80); a score at or above it passes',
  });
  return numberField(share).optional().describe('Pass mark in [0, 1].');
}

/** Fields every metric type accepts. */
export function metricBaseFields() {
  return {
    name: nonBlankString().optional().describe('Name in reports; unique within one evaluations list.'),
    enabled: booleanField().optional().describe('Default true.'),
    threshold: threshold(),
  };
}

export function httpUrl() {
  const field = withIssue(
    z
      .string()
      .regex(URL_SHAPE)
      .refine(parsesAsHttpUrl, {
        message: 'must be an http:// or https:// URL with a host, a port up to 65535 and no spaces',
        params: { code: ISSUE.invalidUrl, hint: 'write it like http://127.0.0.1:8000/v1' } satisfies CustomIssueParams,
      }),
    {
      code: ISSUE.invalidUrl,
      message: 'must be an http:// or https:// URL',
    },
  );
  envPlaceholderFields.add(field, { kind: 'pattern' });
  return field;
}

const URL_SHAPE = /^https?:\/\/[^\s/]+/;

/** A URL the model clients can use: it parses (a space, a bad port or an unclosed `[` do not) as http or https. */
function parsesAsHttpUrl(text: string): boolean {
  // Not even shaped like one: the pattern's issue says so, once.
  if (!URL_SHAPE.test(text)) return true;
  try {
    const { protocol, hostname } = new URL(text);
    return (protocol === 'http:' || protocol === 'https:') && hostname !== '';
  } catch {
    return false;
  }
}

/** "path/or/package:exportName" (the last `:` separates the export). */
/** `example`: a spec of the kind this field takes, for the hint (a grader's by default). */
export function exportSpec(example = 'graders/my-grader.ts:grade') {
  const field = withIssue(z.string().regex(/^\s*\S.*:\s*[A-Za-z_$][\w$]*\s*$/), {
    code: ISSUE.invalidExportSpec,
    message: 'must be "path/or/package:exportName"',
    hint: `for example "${example}"`,
  });
  envPlaceholderFields.add(field, { kind: 'pattern' });
  return field;
}

export function stringRecord() {
  return z.record(z.string(), z.string());
}

export interface IssueOptions {
  readonly hint?: string | null;
  readonly target?: IssueTarget;
}

/** Adds a custom issue whose `params` carry our code, hint and target. */
export function addIssue(
  ctx: z.core.$RefinementCtx,
  code: string,
  path: readonly PathSegment[],
  message: string,
  options: IssueOptions = {},
): void {
  const params: CustomIssueParams = { code, hint: options.hint ?? null, target: options.target ?? 'value' };
  ctx.addIssue({ code: 'custom', path: [...path], message, params, input: undefined });
}

/**
 * A rule over an object that runs even when some of its fields are invalid (so that every mistake is reported
 * at once). It sees the partly parsed object, so it must check what it reads.
 */
export function objectRule(rule: (value: Record<string, unknown>, ctx: z.core.$RefinementCtx) => void) {
  return z.superRefine<unknown>(
    (value, ctx) => {
      if (isRecord(value)) rule(value, ctx);
    },
    { when: (payload) => isRecord(payload.value) },
  );
}

/** A rule over a whole list; the same function serves the zod schema and the item-by-item validation. */
export type ListRule = (items: readonly unknown[]) => readonly PendingIssue[];

/** Wraps a list rule as a zod check that runs even when some of the items are invalid. */
export function listRule(rule: ListRule) {
  return z.superRefine<unknown>(
    (value, ctx) => {
      if (!Array.isArray(value)) return;
      for (const issue of rule(value)) {
        addIssue(ctx, issue.code, issue.path, issue.message, { hint: issue.hint, target: issue.target });
      }
    },
    { when: (payload) => Array.isArray(payload.value) },
  );
}

/** A list rule reporting every item whose name repeats an earlier one. */
export function uniqueNamesRule(
  nameOf: (item: unknown) => string | null,
  describe: (name: string, first: number) => { message: string; hint: string },
): ListRule {
  return (items) => {
    const seen = new Map<string, number>();
    const issues: PendingIssue[] = [];
    items.forEach((item, index) => {
      const name = nameOf(item);
      if (name === null) return;
      const first = seen.get(name);
      if (first === undefined) {
        seen.set(name, index);
        return;
      }
      const { message, hint } = describe(name, first);
      const hasName = isRecord(item) && typeof item['name'] === 'string';
      issues.push(pendingIssue(ISSUE.duplicateName, hasName ? [index, 'name'] : [index], message, { hint }));
    });
    return issues;
  };
}

export function hasKey(value: Record<string, unknown>, key: string): boolean {
  return Object.hasOwn(value, key) && value[key] !== undefined;
}
