/** Wording of zod's built-in issues (types, enums, ranges, formats, unknown keys). */
import { z } from 'zod';
import { describeExpected, describeValue } from './describe-value.js';
import { didYouMean } from './did-you-mean.js';
import { blankHint, mappingHint, rangeHint } from './fix-hints.js';
import { ISSUE } from './issue-codes.js';
import { listFormHint } from './list-form-hint.js';
import type { PathSegment, PendingIssue } from './pending-issue.js';
import type { IssueMeta } from './schema/schema-meta.js';

export interface ConvertedContext {
  readonly raw: z.core.$ZodRawIssue | undefined;
  readonly meta: IssueMeta | undefined;
  /** Full path from the configuration root. */
  readonly path: PathSegment[];
}

export function convertShapeIssue(issue: z.core.$ZodIssue, context: ConvertedContext): PendingIssue[] {
  const input = context.raw?.input;
  const hint = context.meta?.hint ?? null;
  const make = (code: string, message: string, extraHint: string | null = hint): PendingIssue => ({
    code,
    path: context.path,
    target: 'value',
    message,
    hint: extraHint,
  });
  switch (issue.code) {
    case 'unrecognized_keys':
      return unknownKeys(issue.keys, context);
    case 'invalid_type': {
      const quote = issue.expected === 'string' && typeof input === 'number' ? `quote it: "${input}"` : null;
      const list = issue.expected === 'array' ? listFormHint(context.path.at(-1), input) : null;
      const mapping = issue.expected === 'object' ? mappingHint(context.path, input) : null;
      return [
        make(
          ISSUE.invalidType,
          `expected ${describeExpected(issue.expected)}, got ${describeValue(input)}`,
          quote ?? list ?? hint ?? mapping,
        ),
      ];
    }
    case 'invalid_value': {
      const options = issue.values.map(String);
      const suggestion = typeof input === 'string' ? didYouMean(input, options) : null;
      const message = `${describeValue(input)} is not one of: ${options.join(', ')}`;
      return [make(ISSUE.invalidValue, message, suggestion ?? hint)];
    }
    case 'too_small':
    case 'too_big':
      return [range(issue, context, make)];
    case 'invalid_format': {
      const code = context.meta?.code ?? ISSUE.invalidValue;
      const blank = code === ISSUE.blankString ? blankHint(context.path) : null;
      return [make(code, context.meta?.message ?? `does not match the expected format`, hint ?? blank)];
    }
    default:
      return [make(context.meta?.code ?? ISSUE.invalidValue, context.meta?.message ?? 'invalid value')];
  }
}

function unknownKeys(keys: readonly string[], context: ConvertedContext): PendingIssue[] {
  const inst = context.raw?.inst;
  const allowed = inst instanceof z.ZodObject ? Object.keys(inst.shape) : [];
  const own = context.meta?.unknownKey;
  return keys.map((key) => {
    const said = own?.(key, context.raw?.input);
    return {
      code: said?.code ?? ISSUE.unknownKey,
      path: [...context.path, key],
      target: 'key' as const,
      message: said?.message ?? `unknown key \`${key}\``,
      hint:
        said?.hint ?? didYouMean(key, allowed) ?? (allowed.length > 0 ? `allowed keys: ${allowed.join(', ')}` : null),
    };
  });
}

function range(
  issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig,
  context: ConvertedContext,
  make: (code: string, message: string, hint?: string | null) => PendingIssue,
): PendingIssue {
  const small = issue.code === 'too_small';
  const bound = small ? (issue as z.core.$ZodIssueTooSmall).minimum : (issue as z.core.$ZodIssueTooBig).maximum;
  const meta = context.meta;
  if (issue.origin === 'array' || issue.origin === 'string') {
    const empty = small && Number(bound) === 1;
    const code = meta?.code ?? (issue.origin === 'string' ? ISSUE.blankString : ISSUE.emptyList);
    const what = issue.origin === 'string' ? 'characters' : 'items';
    const message = empty ? 'must not be empty' : `must have ${small ? 'at least' : 'at most'} ${bound} ${what}`;
    const blank = code === ISSUE.blankString ? blankHint(context.path) : null;
    return make(code, meta?.message ?? message, meta?.hint ?? blank);
  }
  const got = describeValue(context.raw?.input);
  // A whole number past 2^53 breaks no rule the field's own wording states (`count must be a whole number >= 1`).
  if (!small && issue.origin === 'int') {
    return make(
      meta?.code ?? ISSUE.outOfRange,
      `too large: beyond the safe integer range (at most ${bound}), got ${got}`,
    );
  }
  const operator = small ? (issue.inclusive ? '>=' : '>') : issue.inclusive ? '<=' : '<';
  const message = `${meta?.message ?? `must be ${operator} ${String(bound)}`}, got ${got}`;
  const broken = {
    side: small ? 'lower' : 'upper',
    value: Number(bound),
    inclusive: issue.inclusive === true,
  } as const;
  return make(meta?.code ?? ISSUE.outOfRange, message, meta?.hint ?? rangeHint(context.path, broken));
}
