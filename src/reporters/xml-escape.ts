/**
 * Escaping for XML 1.0: characters XML cannot carry at all (not even as a character reference) are written as
 * the console writes control characters (`\x1b`, `\ufffe`, a lone `\ud800`), so nothing is lost unsaid and two
 * names that differ only there stay two; markup characters are encoded.
 */

// Everything outside the XML 1.0 Char production, including lone surrogates and U+FFFE/U+FFFF.
const INVALID_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function escapeInvalidXml(text: string): string {
  return text.replace(INVALID_XML, (ch) => {
    const code = ch.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/** Element text: `&`, `<`, `>` encoded (so `]]>` cannot appear either). */
export function xmlText(text: string): string {
  return escapeInvalidXml(text).replace(/[&<>]/g, (ch) => (ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : '&gt;'));
}

const ATTR_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\n': '&#10;',
  '\r': '&#13;',
  '\t': '&#9;',
};

/** Attribute value (for double-quoted attributes); line breaks survive attribute normalisation. */
export function xmlAttr(text: string): string {
  return escapeInvalidXml(text).replace(/[&<>"'\n\r\t]/g, (ch) => ATTR_ENTITIES[ch] ?? ch);
}
