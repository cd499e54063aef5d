/**
 * A YAML test cases file read case by case. Parsed whole, a YAML document costs about thirty times its size in
 * memory (the syntax tree with every node's position), so a 50 MB file would need gigabytes. A plain list of
 * test cases — top-level `- ` items, or `test_cases:` holding them and nothing else — is cut at the lines that
 * start its items, each item is parsed on its own and only its data is kept; positions are found again, by
 * parsing that item once more, when an issue needs one.
 *
 * The result equals the whole document's only when each item stands alone, so the file is left to the whole
 * parse ('whole') when it has another shape, an item uses an alias (it might name an anchor of another item),
 * or an item does not parse as exactly one list item; a syntax error is reported from its item ('syntax').
 */
import { type Document, parseDocument, visit } from 'yaml';
import type { SourceLocation } from '../core/errors.js';
import { keepGroundTruthAsWritten } from './ground-truth-as-written.js';
import type { ConfigPath, PendingIssue } from './pending-issue.js';
import { lineStartsOf, positionOf, type SourceDocument } from './source-document.js';
import { syntaxIssue, withLineFeeds, YamlDocument } from './yaml-source.js';
import { unreadTags } from './yaml-tags.js';

export type YamlItemsParse =
  | { readonly kind: 'document'; readonly document: SourceDocument }
  | { readonly kind: 'syntax'; readonly issues: readonly PendingIssue[] }
  | { readonly kind: 'whole'; readonly reason: string };

/** Where the items are: the offsets of the lines starting them, and their indentation. */
interface ItemLayout {
  /** `test_cases:` holds the list (else the list is the document). */
  readonly wrapped: boolean;
  /** Offset of the first character of the document (the `test_cases` key or the first `-`). */
  readonly firstContent: number;
  readonly indent: number;
  readonly starts: readonly number[];
}

const WRAPPER_LINE = /^test_cases:[ \t]*(?:#.*)?$/;
const ALIAS_FOUND = 'an alias (it may name an anchor of another test case)';

export function parseYamlItems(file: string, source: string): YamlItemsParse {
  const text = withLineFeeds(source);
  const layout = findItems(text);
  if (layout === null) return { kind: 'whole', reason: 'it is not a plain list of test cases' };
  const items: unknown[] = [];
  const lines = new LazyLineStarts(text);
  for (let index = 0; index < layout.starts.length; index++) {
    const start = layout.starts[index]!;
    const slice = text.slice(start, layout.starts[index + 1] ?? text.length);
    const doc = parseDocument(slice, { merge: true, prettyErrors: false, logLevel: 'error' });
    const [error] = doc.errors;
    if (error) {
      const at = (offset: number) => lines.locate(file, start + offset);
      return { kind: 'syntax', issues: [syntaxIssue(error, at, slice)] };
    }
    if (hasAlias(doc)) return { kind: 'whole', reason: `a test case uses ${ALIAS_FOUND}` };
    // A tag is refused by the whole parse, where it is located and said with the others.
    if (unreadTags(doc, slice).length > 0) return { kind: 'whole', reason: 'a test case has a YAML tag' };
    keepGroundTruthAsWritten(doc);
    const data = doc.toJS({ maxAliasCount: 10_000 }) as unknown;
    if (!Array.isArray(data) || data.length !== 1) return { kind: 'whole', reason: 'its items do not stand alone' };
    // The parser builds quoted strings piece by piece; a copy keeps their text, not thousands of pieces each.
    items.push(structuredClone(data[0]));
  }
  const data = layout.wrapped ? { test_cases: items } : items;
  return { kind: 'document', document: new YamlItemsDocument(file, data, text, layout, lines) };
}

/** The layout of a plain list of test cases, or null for any other shape. */
function findItems(text: string): ItemLayout | null {
  let wrapped = false;
  let firstContent = -1;
  let indent = -1;
  const starts: number[] = [];
  for (let lineStart = 0; lineStart < text.length; ) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd).replace(/\r$/, '');
    const nextLine = lineEnd + 1;
    const content = line.search(/[^ ]/);
    if (content === -1 || line[content] === '#') {
      lineStart = nextLine;
      continue;
    }
    if (line[content] === '\t') {
      if (line.trim() !== '') return null;
      lineStart = nextLine;
      continue;
    }
    const isItem = line[content] === '-' && (content + 1 === line.length || ' \t'.includes(line[content + 1]!));
    if (firstContent === -1) {
      firstContent = lineStart + content;
      if (content !== 0 || !(isItem || WRAPPER_LINE.test(line))) return null;
      wrapped = !isItem;
      if (isItem) {
        indent = 0;
        starts.push(lineStart);
      }
    } else if (indent === -1) {
      if (!isItem) return null;
      indent = content;
      starts.push(lineStart);
    } else if (content === indent && isItem) {
      starts.push(lineStart);
    } else if (content <= indent) {
      return null;
    }
    lineStart = nextLine;
  }
  return starts.length === 0 ? null : { wrapped, firstContent, indent, starts };
}

function hasAlias(doc: Document): boolean {
  let found = false;
  visit(doc, {
    Alias: () => {
      found = true;
      return visit.BREAK;
    },
  });
  return found;
}

/** Line starts of the whole text, computed on the first position asked for. */
class LazyLineStarts {
  private starts: number[] | null = null;

  constructor(private readonly text: string) {}

  locate(file: string, offset: number): SourceLocation {
    this.starts ??= lineStartsOf(this.text);
    return { file, ...positionOf(this.starts, offset) };
  }
}

class YamlItemsDocument implements SourceDocument {
  private cached: { readonly index: number; readonly document: YamlDocument } | null = null;

  constructor(
    readonly file: string,
    readonly data: unknown,
    private readonly text: string,
    private readonly layout: ItemLayout,
    private readonly lines: LazyLineStarts,
  ) {}

  locate(path: ConfigPath, target: 'value' | 'key' | 'parent'): SourceLocation {
    const { wrapped, firstContent, indent, starts } = this.layout;
    const listStart = starts[0]! + indent;
    const inList = wrapped ? (path[0] === 'test_cases' ? path.slice(1) : null) : path;
    const top = wrapped && path.length === 1 && inList !== null;
    if (inList === null || path.length === 0 || (top && target === 'parent')) return this.at(firstContent);
    if (top) return this.at(target === 'key' ? firstContent : listStart);
    const [index, ...inner] = inList;
    if (typeof index !== 'number' || index < 0 || index >= starts.length) return this.at(listStart);
    if (target === 'parent' && inner.length === 0) return this.at(listStart);
    return this.item(index).locate([0, ...inner], target);
  }

  private at(offset: number): SourceLocation {
    return this.lines.locate(this.file, offset);
  }

  /** The item parsed again, with positions in the whole file; the last one asked for is kept. */
  private item(index: number): YamlDocument {
    if (this.cached?.index === index) return this.cached.document;
    const start = this.layout.starts[index]!;
    const slice = this.text.slice(start, this.layout.starts[index + 1] ?? this.text.length);
    const doc = parseDocument(slice, { merge: true, prettyErrors: false });
    const document = new YamlDocument(this.file, null, doc, (offset) => this.at(start + offset));
    this.cached = { index, document };
    return document;
  }
}
