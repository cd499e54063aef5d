/**
 * What a function tool's export is, as plain data: what the configuration needs to build the tool (its
 * description and parameters) without holding the module's values, so a thread that imported the module can
 * tell another one that did not.
 */
import { isRecord } from '../core/is-record.js';
import { describeValue } from './describe-value.js';
import type { UserExportResult } from './import-user-export.js';
import { isClass } from './is-class.js';
import type { FoundLocation } from './load-module.js';

export type ToolExportShape =
  /** A plain function: the YAML gives its parameters. */
  | { readonly kind: 'function' }
  /** A tool definition `{ description, parameters, execute }`: its own description and parameters, when set. */
  | {
      readonly kind: 'definition';
      readonly description: string | null;
      readonly parameters: Readonly<Record<string, unknown>> | null;
    }
  /** Neither (a class counts as neither: it cannot be called): `described` says what it is (`a class`). */
  | { readonly kind: 'other'; readonly described: string };

export function toolExportShape(value: unknown): ToolExportShape {
  if (typeof value === 'function' && !isClass(value)) return { kind: 'function' };
  if (isRecord(value) && typeof value['execute'] === 'function' && !isClass(value['execute'])) {
    const description = value['description'];
    const parameters = value['parameters'];
    return {
      kind: 'definition',
      description: typeof description === 'string' ? description : null,
      parameters: isRecord(parameters) ? parameters : null,
    };
  }
  return { kind: 'other', described: describeValue(value) };
}

/** A function tool's export as described by the thread that imported it, or why it could not be. */
export type ToolExportDescription =
  | {
      readonly ok: true;
      /** Absolute path of the module file, or the package specifier. */
      readonly module: string;
      readonly shape: ToolExportShape;
      /** Where the module was found (set by the asking thread, which located it). */
      readonly location?: FoundLocation;
    }
  | Extract<UserExportResult, { ok: false }>;

/**
 * Describes a function tool's export (`specifier` relative to `baseDir`) by importing its module in another
 * thread; null when it has to be imported in this one (e.g. its definition is not plain data).
 */
export type DescribeToolExport = (
  specifier: string,
  exportName: string,
  baseDir: string,
) => Promise<ToolExportDescription | null>;
