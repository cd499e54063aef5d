/** JSON text → plain data (JSON.parse, fast); positions are computed only when an issue needs one. */

import { thrownMessage } from '../core/describe-thrown.js';
import { type DuplicateJsonKey, findDuplicateJsonKey } from '../core/duplicate-json-key.js';
import type { SourceLocation } from '../core/errors.js';
import { ISSUE } from './issue-codes.js';
import { jsonErrorOffset } from './json-error-offset.js';
import { findJsonPath } from './json-locator.js';
import type { ConfigPath } from './pending-issue.js';
import { lineStartsOf, positionOf, type SourceDocument, type SourceParse } from './source-document.js';

export function parseJsonSource(file: string, text: string): SourceParse {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const message = thrownMessage(error);
    return { ok: false, issues: [jsonSyntaxIssue(file, text, message)] };
  }
  const duplicate = findDuplicateJsonKey(text);
  if (duplicate !== null) return { ok: false, issues: [duplicateKeyIssue(file, text, duplicate)] };
  return { ok: true, document: new JsonDocument(file, data, text) };
}

/** Said like YAML's own duplicate keys; JSON.parse would keep the last value without a word. */
function duplicateKeyIssue(file: string, text: string, duplicate: DuplicateJsonKey) {
  return {
    code: ISSUE.syntax,
    path: [],
    target: 'none' as const,
    message: `the key \`${escapeControls(duplicate.key)}\` appears twice in the same object`,
    hint: 'only one of them would be read: remove or rename the other',
    location: { file, ...positionOf(lineStartsOf(text), duplicate.offset) },
  };
}

function jsonSyntaxIssue(file: string, text: string, message: string) {
  const offset = syntaxErrorOffset(text, message);
  return {
    code: ISSUE.syntax,
    path: [],
    target: 'none' as const,
    // V8 quotes the text around the error, line breaks included: shown escaped, on the message's one line.
    message: `JSON syntax error: ${escapeControls(message.replace(/ in JSON at position \d+.*$/s, ''))}`,
    hint: trailingComma(text, offset) ? 'remove the comma before the closing bracket: JSON allows none there' : null,
    location: { file, ...positionOf(lineStartsOf(text), offset) },
  };
}

/** A `,` right before a `}` or `]` (white space between): what JavaScript and YAML allow and JSON does not. */
function trailingComma(text: string, offset: number): boolean {
  const before = text.slice(0, offset).trimEnd();
  const after = text.slice(offset).trimStart();
  return (before.endsWith(',') && /^[}\]]/.test(after)) || /^,\s*[}\]]/.test(after);
}

function escapeControls(text: string): string {
  let escaped = '';
  for (const char of text) escaped += char < ' ' ? JSON.stringify(char).slice(1, -1) : char;
  return escaped;
}

/**
 * V8 names the offset in most messages; otherwise (`"x": tru`, a stray character) our own scan of the text
 * finds where it stops being JSON.
 */
function syntaxErrorOffset(text: string, message: string): number {
  const match = /at position (\d+)/.exec(message);
  let offset: number | null = match ? Number(match[1]) : null;
  if (offset === null && message.includes('end of JSON input')) offset = text.length;
  return offset ?? jsonErrorOffset(text) ?? 0;
}

class JsonDocument implements SourceDocument {
  private lineStarts: number[] | null = null;

  constructor(
    readonly file: string,
    readonly data: unknown,
    private readonly text: string,
  ) {}

  locate(path: ConfigPath, target: 'value' | 'key' | 'parent'): SourceLocation {
    const hit = findJsonPath(this.text, target === 'parent' ? path.slice(0, -1) : path);
    const offset = target === 'key' && hit.complete && hit.key !== null ? hit.key : hit.value;
    this.lineStarts ??= lineStartsOf(this.text);
    return { file: this.file, ...positionOf(this.lineStarts, offset) };
  }
}
