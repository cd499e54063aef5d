/**
 * Explicit YAML tags holodeck does not read. A configuration holds plain values — strings, numbers, booleans,
 * null, lists and mappings — and the parser turns any other tag into something no key expects: an unknown tag
 * (`!!python/object`, `!custom`) is dropped, leaving its value as if untagged; `!!binary` becomes bytes, `!!set`
 * a mapping, `!!timestamp` a date. Each is refused where it is written, so nothing is read other than as written.
 */
import { type Document, isNode, visit } from 'yaml';

const CORE = 'tag:yaml.org,2002:';
const PLAIN = new Set(['str', 'int', 'float', 'bool', 'null', 'seq', 'map'].map((name) => `${CORE}${name}`));

export interface UnreadTag {
  /** As written: `!!binary`, `!custom`. */
  readonly tag: string;
  /** Where it is written in the text. */
  readonly offset: number;
}

/** Every tag in `doc` other than YAML's plain ones (`!!str`, `!!int`…), with the offset of the tag in `text`. */
export function unreadTags(doc: Document, text: string): UnreadTag[] {
  const found: UnreadTag[] = [];
  visit(doc, (_key, node) => {
    if (!isNode(node) || node.tag === undefined || PLAIN.has(node.tag)) return;
    const start = node.range?.[0] ?? 0;
    // The tag stands before its value, on its line or the line above (a block collection).
    let bang = text.lastIndexOf('!', start);
    while (bang > 0 && text[bang - 1] === '!') bang -= 1;
    const tag = node.tag.startsWith(CORE) ? `!!${node.tag.slice(CORE.length)}` : node.tag;
    found.push({ tag, offset: bang === -1 ? start : bang });
  });
  return found;
}

export const UNREAD_TAG_HINT =
  'remove the tag: holodeck reads plain YAML values (strings, numbers, true/false, null, lists, mappings); quote a text that starts with !';
