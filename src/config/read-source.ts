/**
 * Reads a configuration file and parses it: `.json` with JSON.parse, anything else as YAML. A file above its
 * size limit is refused before it is read; a test cases file in YAML is read case by case (yaml-items-source.ts).
 */

import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { MAX_VALUE_DEPTH, pathPastDepth } from '../core/bound-depth.js';
import { decodeText, SAVE_AS_UTF8 } from '../core/decode-text.js';
import { type FileKind, fileTooLargeIssue, megabytes } from './file-size-limits.js';
import { ISSUE } from './issue-codes.js';
import { parseJsonSource } from './json-source.js';
import { type ConfigPath, type PendingIssue, pendingIssue } from './pending-issue.js';
import { NotRegularFileError, regularFileStats } from './read-regular-text.js';
import type { SourceDocument, SourceParse } from './source-document.js';
import { parseYamlItems } from './yaml-items-source.js';
import { parseYamlSource } from './yaml-source.js';

export type SourceRead =
  | (SourceParse & {
      /**
       * Set when the text has no `$`, written or escaped (JSON `\u0024`, YAML `\x24`): then no string in the
       * data can hold a `${VAR}` reference, and the substitution need not walk it.
       */
      readonly dollar_free?: boolean;
    })
  | { readonly ok: false; readonly missing: true; readonly error: string };

/** `$`, or an escape that may stand for it. */
const DOLLAR = /\$|\\[xuU]0*24/;

export interface ReadSourceOptions {
  readonly kind: FileKind;
  /** Refuse a larger file, before reading it. */
  readonly maxBytes: number;
  /** The largest YAML document parsed whole (a test cases file that cannot be read case by case). */
  readonly wholeYamlBytes: number;
  /** Where an issue about the file points in the configuration; without it, at the file itself. */
  readonly path?: ConfigPath;
}

const UNLIMITED: ReadSourceOptions = {
  kind: 'configuration',
  maxBytes: Number.POSITIVE_INFINITY,
  wholeYamlBytes: Number.POSITIVE_INFINITY,
};

export async function readSource(path: string, options: ReadSourceOptions = UNLIMITED): Promise<SourceRead> {
  let bytes: Uint8Array;
  let size: number;
  try {
    size = (await regularFileStats(path)).size;
    if (size > options.maxBytes) {
      const issue = fileTooLargeIssue(path, size, options.maxBytes, options.kind, options.path ?? []);
      return { ok: false, issues: [options.path ? issue : { ...issue, location: { file: path, line: 1, column: 1 } }] };
    }
    bytes = await readFile(path);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const error_ =
      code === 'ENOENT' ? 'not found' : error instanceof NotRegularFileError ? error.message : String(error);
    return { ok: false, missing: true, error: error_ };
  }
  const decoded = decodeText(bytes);
  if (!decoded.ok) {
    const issue = pendingIssue(ISSUE.notUtf8Text, [], `${decoded.problem} — ${SAVE_AS_UTF8}`, { target: 'none' });
    return { ok: false, issues: [{ ...issue, location: { file: path, line: decoded.line, column: decoded.column } }] };
  }
  const text = decoded.text;
  const parsed = parseSource(path, text, size, options);
  if (parsed.ok) {
    const deep = pathPastDepth(parsed.document.data, MAX_DOCUMENT_DEPTH);
    if (deep !== null) return { ok: false, issues: [tooDeepIssue(parsed.document, deep)] };
  }
  return parsed.ok && !DOLLAR.test(text) ? { ...parsed, dollar_free: true } : parsed;
}

/**
 * How deep a configuration file may nest: a value in it (a turn_config, expected arguments) as deep as one from
 * outside may be (MAX_VALUE_DEPTH), below the levels of the file's own structure.
 */
export const MAX_DOCUMENT_DEPTH = MAX_VALUE_DEPTH + 16;

function tooDeepIssue(document: SourceDocument, path: (string | number)[]): PendingIssue {
  return {
    code: ISSUE.tooDeep,
    path: [],
    target: 'none',
    message: `nested deeper than ${MAX_DOCUMENT_DEPTH} levels here (the most a configuration file may nest)`,
    hint: 'flatten the value: no argument, turn_config or ground truth needs that many levels',
    location: document.locate(path, 'value'),
  };
}

function parseSource(path: string, text: string, size: number, options: ReadSourceOptions): SourceParse {
  if (extname(path).toLowerCase() === '.json') return parseJsonSource(path, text);
  if (options.kind === 'configuration') return parseYamlSource(path, text);
  return parseTestCasesYaml(path, text, size, options);
}

function parseTestCasesYaml(path: string, text: string, size: number, options: ReadSourceOptions): SourceParse {
  const items = parseYamlItems(path, text);
  if (items.kind === 'document') return { ok: true, document: items.document };
  // Small enough to parse whole: the whole document's own messages and positions, exactly.
  if (size <= options.wholeYamlBytes) return parseYamlSource(path, text);
  if (items.kind === 'syntax') return { ok: false, issues: items.issues };
  const message =
    `${path} (${megabytes(size)}) is too large to parse as one YAML document (the limit is ` +
    `${megabytes(options.wholeYamlBytes)}), and it cannot be read test case by test case: ${items.reason}`;
  const hint =
    'write it as a plain list of test cases without aliases (top-level `- ` items, or `test_cases:` alone), ' +
    'or as JSON, or raise the limit with --max-file-size';
  return { ok: false, issues: [pendingIssue(ISSUE.fileTooLarge, options.path ?? [], message, { hint })] };
}
