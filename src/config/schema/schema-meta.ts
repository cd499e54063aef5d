/**
 * Registries that attach our own wording to zod schemas. The issue converter looks up the schema that raised
 * an issue; the JSON Schema generator looks up the fields where `${VAR}` may stand for a value.
 */
import { z } from 'zod';
import type { IssueTarget } from '../pending-issue.js';

export interface IssueMeta {
  readonly code?: string;
  readonly message?: string;
  readonly hint?: string;
  /** The wording for a key a strict mapping does not know, where the usual `unknown key` would mislead. */
  readonly unknownKey?: (key: string, value: unknown) => KeyIssueWording;
}

export interface KeyIssueWording {
  readonly code: string;
  readonly message: string;
  readonly hint: string;
}

export const issueMeta = z.registry<IssueMeta>();

/**
 * Numbers, booleans and enums that may be written as `${VAR}` in the YAML (substituted before validation), and
 * strings with a pattern that may hold `${VAR}` anywhere (`${OLLAMA_HOST:-http://localhost:11434}`).
 */
export const envPlaceholderFields = z.registry<{
  readonly kind: 'number' | 'boolean' | 'enum' | 'pattern' | 'share';
}>();

export function withIssue<T extends z.ZodType>(schema: T, meta: IssueMeta): T {
  issueMeta.add(schema, meta);
  return schema;
}

/** What a custom issue carries in its `params`. */
export interface CustomIssueParams {
  readonly code: string;
  readonly hint?: string | null;
  readonly target?: IssueTarget;
}

export function isCustomIssueParams(value: unknown): value is CustomIssueParams {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string';
}
