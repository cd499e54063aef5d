/**
 * A small strict XML parser for tests (used by tests only): elements, attributes, text, the five named
 * entities and character references, an optional XML declaration. Anything malformed throws, so a
 * successful parse means the document is well-formed for what our reporters write.
 */
export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  readonly text: string;
}

const NAME = /^[A-Za-z_][\w.-]*/;
const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const INVALID = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

export function parseXml(source: string): XmlElement {
  if (INVALID.test(source)) throw new Error('document contains characters XML 1.0 does not allow');
  let pos = source.startsWith('<?xml') ? source.indexOf('?>') + 2 : 0;
  const skipSpace = () => {
    while (/\s/.test(source[pos] ?? '')) pos += 1;
  };
  const element = (): XmlElement => {
    if (source[pos] !== '<') throw new Error(`expected '<' at ${pos}`);
    pos += 1;
    const name = NAME.exec(source.slice(pos))?.[0];
    if (!name) throw new Error(`expected an element name at ${pos}`);
    pos += name.length;
    const attributes: Record<string, string> = {};
    for (;;) {
      skipSpace();
      if (source.startsWith('/>', pos)) {
        pos += 2;
        return { name, attributes, children: [], text: '' };
      }
      if (source[pos] === '>') break;
      const attr = NAME.exec(source.slice(pos))?.[0];
      if (!attr || source[pos + attr.length] !== '=' || source[pos + attr.length + 1] !== '"') {
        throw new Error(`malformed attribute at ${pos}`);
      }
      if (attr in attributes) throw new Error(`duplicate attribute ${attr}`);
      const end = source.indexOf('"', pos + attr.length + 2);
      if (end < 0) throw new Error('unterminated attribute');
      attributes[attr] = decode(source.slice(pos + attr.length + 2, end), pos);
      pos = end + 1;
    }
    pos += 1;
    const children: XmlElement[] = [];
    let text = '';
    for (;;) {
      const next = source.indexOf('<', pos);
      if (next < 0) throw new Error(`unclosed element <${name}>`);
      text += decode(source.slice(pos, next), pos);
      pos = next;
      if (source.startsWith('</', pos)) {
        const close = `</${name}>`;
        if (!source.startsWith(close, pos)) throw new Error(`mismatched closing tag at ${pos}, expected ${close}`);
        pos += close.length;
        return { name, attributes, children, text };
      }
      children.push(element());
    }
  };
  skipSpace();
  const root = element();
  skipSpace();
  if (pos !== source.length) throw new Error(`content after the root element at ${pos}`);
  return root;
}

function decode(raw: string, pos: number): string {
  if (raw.includes('<')) throw new Error(`raw '<' in character data at ${pos}`);
  if (raw.includes(']]>')) throw new Error(`']]>' in character data at ${pos}`);
  return raw.replace(/&([^;]*);|&/g, (match, ref: string | undefined) => {
    if (ref === undefined) throw new Error(`bare '&' at ${pos}`);
    if (ref.startsWith('#x')) return String.fromCodePoint(Number.parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(Number.parseInt(ref.slice(1), 10));
    const named = ENTITIES[ref];
    if (named === undefined) throw new Error(`unknown entity ${match}`);
    return named;
  });
}

/** Every descendant element with this name, in document order. */
export function findAll(root: XmlElement, name: string): XmlElement[] {
  return root.children.flatMap((child) => [...(child.name === name ? [child] : []), ...findAll(child, name)]);
}
