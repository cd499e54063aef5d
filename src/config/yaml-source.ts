/** YAML text → plain data plus node positions (yaml's parseDocument with a LineCounter). */
import {
  type Document,
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  type Node,
  parseDocument,
  visit,
  type YAMLError,
} from 'yaml';
import { thrownMessage } from '../core/describe-thrown.js';
import type { SourceLocation } from '../core/errors.js';
import { keepGroundTruthAsWritten } from './ground-truth-as-written.js';
import { ISSUE } from './issue-codes.js';
import type { ConfigPath, PathSegment, PendingIssue } from './pending-issue.js';
import { shallowerKey, shallowerKeyText } from './shallower-key.js';
import type { SourceDocument, SourceParse } from './source-document.js';
import { UNREAD_TAG_HINT, type UnreadTag, unreadTags } from './yaml-tags.js';

const SYNTAX_HINTS: Readonly<Record<string, string>> = {
  DUPLICATE_KEY: 'remove or rename one of the two keys',
  TAB_AS_INDENT: 'indent with spaces, not tabs',
  BAD_INDENT: 'check the indentation of this line and the one above',
  MULTIPLE_DOCS: 'keep a single YAML document in the file (remove the `---` separator)',
  MISSING_CHAR: 'a closing quote or bracket is missing',
};

// biome-ignore lint/suspicious/noTemplateCurlyInString: describes the ${VAR} syntax
const FLOW_REFERENCE_HINT = 'inside { } or [ ], quote ${VAR} references: "${VAR}"';

/**
 * YAML reads a lone carriage return (old Mac line ends) as a line break; the parser does not: it becomes a line
 * feed. One character for one, so every offset stays where it was.
 */
export function withLineFeeds(text: string): string {
  return text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text;
}

export function parseYamlSource(file: string, source: string): SourceParse {
  const text = withLineFeeds(source);
  const lineCounter = new LineCounter();
  // logLevel 'error': the parser's warnings (a collection used as a key) go to no console; the checks say it.
  const doc = parseDocument(text, { lineCounter, merge: true, prettyErrors: false, logLevel: 'error' });
  const at = (offset: number): SourceLocation => {
    const { line, col } = lineCounter.linePos(offset);
    return { file, line, column: col };
  };
  // Later errors are mostly consequences of the first one; report that one — but every duplicated key, each
  // a mistake of its own.
  const [firstError] = doc.errors;
  if (firstError) {
    const shown =
      firstError.code === 'DUPLICATE_KEY' ? doc.errors.filter((e) => e.code === 'DUPLICATE_KEY') : [firstError];
    const issue = (error: YAMLError) => syntaxIssue(error, at, text);
    return { ok: false, issues: shown.map(issue) };
  }
  const loop = text.includes('*') ? selfAlias(doc) : null;
  if (loop !== null) {
    const issue = syntaxBase(
      `YAML error: the alias *${loop.name} is inside the value its anchor &${loop.name} names, which would hold itself`,
      'write the value out here, or put the anchor on a value that does not contain this alias',
    );
    return { ok: false, issues: [{ ...issue, location: at(loop.offset) }] };
  }
  const tags = unreadTags(doc, text);
  if (tags.length > 0) {
    const issue = (tag: UnreadTag) => ({
      ...syntaxBase(`YAML error: the tag ${tag.tag} is not read by holodeck`, UNREAD_TAG_HINT),
      location: at(tag.offset),
    });
    return { ok: false, issues: tags.map(issue) };
  }
  let data: unknown;
  try {
    keepGroundTruthAsWritten(doc);
    data = doc.toJS({ maxAliasCount: 10_000 });
  } catch (error) {
    const message = thrownMessage(error);
    // An alias without its anchor is only found here, with no position: point at the alias itself.
    const alias = /^Unresolved alias[^:]*: (.+)$/.exec(message);
    if (alias !== null) {
      const offset = aliasOffset(text, alias[1] as string);
      const hint = `set the anchor (&${alias[1]}) on a value above this line, or write the value here`;
      const issue = syntaxBase(`YAML error: the alias *${alias[1]} names no anchor set before it`, hint);
      return { ok: false, issues: [{ ...issue, location: at(offset) }] };
    }
    return { ok: false, issues: [{ ...syntaxBase(`YAML error: ${message}`, null), location: at(0) }] };
  }
  return { ok: true, document: new YamlDocument(file, data, doc, at) };
}

/** An alias inside the very value its anchor is set on (`&a { me: *a }`): a value that would contain itself. */
function selfAlias(doc: Document): { readonly name: string; readonly offset: number } | null {
  let found: { readonly name: string; readonly offset: number } | null = null;
  visit(doc, {
    Alias(_key, node, path) {
      const target = node.resolve(doc);
      if (target !== undefined && path.includes(target as never)) {
        found = { name: node.source, offset: node.range?.[0] ?? 0 };
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

function syntaxBase(message: string, hint: string | null): PendingIssue {
  return { code: ISSUE.syntax, path: [], target: 'none', message, hint };
}

function lineAt(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const end = text.indexOf('\n', offset);
  return text.slice(start, end === -1 ? text.length : end);
}

/** The line after the one holding `offset` ('' at the end). */
function lineAfter(text: string, offset: number): string {
  const end = text.indexOf('\n', offset);
  return end === -1 ? '' : lineAt(text, end + 1);
}

/** A parser error in `text` (the text the parser read; `at` locates its offsets). */
export function syntaxIssue(error: YAMLError, at: (offset: number) => SourceLocation, text: string): PendingIssue {
  const shallower = shallowerKey(error.message, text, error.pos[0]);
  if (shallower !== null) {
    const said = shallowerKeyText(shallower);
    return { ...syntaxBase(`YAML syntax error: ${said.message}`, said.hint), location: at(shallower.offset) };
  }
  const line = lineAt(text, error.pos[0]);
  const next = lineAfter(text, error.pos[0]);
  // A `${` after an opening bracket; found in one pass (a pattern such as /[{[].*\$\{/ backtracks from every
  // bracket of a long flow line, which takes minutes on a JSON list of thousands of cases).
  const bracket = line.search(/[{[]/);
  const flowReference = bracket !== -1 && line.includes('${', bracket);
  // The colon hint writes the line out again: pointless past a screenful, and its pattern is slow on such lines.
  const colonHint = line.length <= 2000 ? colonInValueHint(line) : null;
  const indentHint = error.code === 'BLOCK_AS_IMPLICIT_KEY' && colonHint === null ? deeperKeyHint(line, next) : null;
  const hint = flowReference ? FLOW_REFERENCE_HINT : (colonHint ?? indentHint ?? SYNTAX_HINTS[error.code] ?? null);
  const message =
    indentHint === null
      ? readableMessage(error, text)
      : 'the line after this one is indented deeper than this key, so it is read as part of this value';
  return { ...syntaxBase(`YAML syntax error: ${message}`, hint), location: at(error.pos[0]) };
}

/** Keys whose values are secrets, as far as a name tells: `api_key`, `Authorization`, `GITHUB_PAT`, `DB_PASS`. */
const SECRET_KEY = /key|token|secret|pass|auth|credential|cookie|session|(?:^|[^a-z])pat(?:$|[^a-z])/i;

/**
 * `input: Question: how much?` — a plain value holding `: ` reads as a mapping inside the value, which YAML
 * refuses: the value must be quoted. The hint writes the line as it should be.
 */
function colonInValueHint(line: string): string | null {
  // A comment after the value (` # …`) stays outside the quotes.
  const match = /^(\s*(?:-\s+)?)([\w$-]+):\s+([^'"{[#\s][^#]*?:\s[^#]*?)\s*(?:\s#.*)?$/.exec(line);
  if (match === null) return null;
  const [, , key, value] = match as unknown as [string, string, string, string];
  // A key, a token or a password is not written out again: messages are read, pasted and logged.
  const shown = SECRET_KEY.test(key) ? '"…"' : JSON.stringify(value);
  return `a value holding ": " must be quoted — ${key}: ${shown}`;
}

/**
 * `input: q` then `      ground_truth: a` indented deeper: YAML reads the next line as more of this value, and
 * refuses it in its own words ("nested mappings are not allowed in compact mappings"). Said as the file shows it.
 */
function deeperKeyHint(line: string, next: string): string | null {
  const here = /^(\s*(?:-\s+)?)([\w$-]+):/.exec(line);
  const below = /^(\s*)([\w$-]+):/.exec(next);
  if (here === null || below === null) return null;
  const [, indent = '', key = ''] = here;
  const [, nextIndent = '', nextKey = ''] = below;
  if (nextIndent.length <= indent.length) return null;
  return `line \`${nextKey}:\` up with \`${key}:\` (${indent.length} characters in), or quote this value if the next line belongs to it`;
}

/** The parser's words, where they speak of its own API or internals, in the words of the file. */
function readableMessage(error: YAMLError, text: string): string {
  if (error.code === 'MULTIPLE_DOCS') return 'the file holds more than one YAML document';
  if (error.code === 'DUPLICATE_KEY') {
    const key = keyWrittenAt(text, error.pos[0]);
    if (key !== null) return `the key \`${key}\` appears twice in the same mapping`;
  }
  if (/maximum call stack size exceeded/i.test(error.message)) {
    return 'brackets or indentation nested too deeply to read (far more levels than a configuration needs)';
  }
  return error.message;
}

/**
 * The key the parser points at as a duplicate, as written at `offset`: plain (`input: b`, also the second key of
 * a flow mapping `{ name: a, input: b, input: c }`), or quoted (`"input": b`, `'input': b`). Null for any other
 * shape (a `? ` complex key), which keeps the parser's own words.
 */
function keyWrittenAt(text: string, offset: number): string | null {
  const rest = text.slice(offset, offset + 300);
  const quoted = /^(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\n]|'')*)')\s*:/.exec(rest);
  if (quoted !== null) return quoted[1] ?? (quoted[2] as string).replaceAll("''", "'");
  const plain = /^([^\s:,{}[\]#'"?][^\n:,{}[\]]*?)\s*:(?:[\s,{}[\]]|$)/.exec(rest);
  return plain === null ? null : (plain[1] as string);
}

/** Where `*name` is written as an alias (not inside a quoted string or a comment as far as a scan can tell). */
function aliasOffset(text: string, name: string): number {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = new RegExp(`(^|[\\s,\\[{:-])\\*${escaped}(?![^\\s,\\]}])`, 'm').exec(text);
  return found === null ? 0 : found.index + (found[1] as string).length;
}

/** `key:` with nothing after it: point at the key rather than at the end of the line. */
function isEmptyScalar(node: Node): boolean {
  const range = node.range;
  return isScalar(node) && node.value === null && !!range && range[0] === range[1];
}

interface Walk {
  readonly node: Node | null;
  readonly key: Node | null;
  readonly complete: boolean;
}

/** Positions of a parsed YAML document's nodes; `at` turns an offset of the parsed text into a location. */
export class YamlDocument implements SourceDocument {
  constructor(
    readonly file: string,
    readonly data: unknown,
    private readonly doc: Document,
    private readonly at: (offset: number) => SourceLocation,
  ) {}

  locate(path: ConfigPath, target: 'value' | 'key' | 'parent'): SourceLocation {
    const walk = this.walk(target === 'parent' ? path.slice(0, -1) : path);
    const node = target === 'key' && walk.complete && walk.key ? walk.key : (walk.node ?? walk.key);
    return this.at(node?.range?.[0] ?? 0);
  }

  /**
   * A value reached through an alias (`- *case`) is located at the alias: that is where this path's value is
   * used, while its anchor belongs to another path (an issue about test_cases[1] must not point at test_cases[0]).
   */
  private walk(path: ConfigPath): Walk {
    let node = this.resolve(this.doc.contents);
    let key: Node | null = null;
    for (const [index, segment] of path.entries()) {
      const next = this.step(node, segment);
      if (!next) return { node: node ?? key, key, complete: false };
      key = next.key;
      if (isAlias(next.value)) {
        // The last step's key is written beside the alias; a key deeper inside the aliased value is not.
        return { node: next.value, key: index === path.length - 1 ? key : null, complete: true };
      }
      node = this.resolve(next.value);
      if (!node || isEmptyScalar(node)) return { node: key, key, complete: true };
    }
    return { node, key, complete: true };
  }

  private step(node: Node | null, segment: PathSegment): { key: Node | null; value: unknown } | null {
    if (isSeq(node) && typeof segment === 'number') {
      const item = node.items[segment];
      return item === undefined ? null : { key: null, value: item };
    }
    if (!isMap(node)) return null;
    return this.findPair(node.items, String(segment), 0);
  }

  private findPair(items: readonly unknown[], key: string, depth: number): { key: Node; value: unknown } | null {
    const merged: unknown[] = [];
    for (const item of items) {
      if (!isPair(item) || !isScalar(item.key)) continue;
      const name = item.key.value;
      if (typeof name === 'symbol' || name === '<<') merged.push(item.value);
      else if (String(name) === key) return { key: item.key, value: item.value };
    }
    if (depth > 8) return null;
    for (const source of merged.flatMap((value) => (isSeq(value) ? value.items : [value]))) {
      const resolved = this.resolve(source);
      const found = isMap(resolved) ? this.findPair(resolved.items, key, depth + 1) : null;
      if (found) return found;
    }
    return null;
  }

  private resolve(value: unknown): Node | null {
    let current = value;
    for (let hops = 0; isAlias(current) && hops < 16; hops++) current = current.resolve(this.doc);
    return current !== null && typeof current === 'object' && 'range' in current ? (current as Node) : null;
  }
}
