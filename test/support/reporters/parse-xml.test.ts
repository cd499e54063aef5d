import { describe, expect, it } from 'vitest';
import { findAll, parseXml } from './parse-xml.js';

describe('parseXml (test helper)', () => {
  it('parses elements, attributes, entities and character references', () => {
    const root = parseXml('<?xml version="1.0"?>\n<a x="1 &amp; &#10;2"><b>t &lt;&#x41;&gt;</b><b/></a>\n');
    expect(root.attributes['x']).toBe('1 & \n2');
    expect(findAll(root, 'b').map((b) => b.text)).toEqual(['t <A>', '']);
  });

  it.each([
    ['mismatched tags', '<a><b></a></b>'],
    ['a bare ampersand', '<a>&</a>'],
    ['an unknown entity', '<a>&nbsp;</a>'],
    ['a CDATA terminator in text', '<a>]]></a>'],
    ['a raw < in an attribute', '<a x="<"/>'],
    ['a control character', '<a>\u001b</a>'],
    ['an unclosed element', '<a><b/>'],
    ['two roots', '<a/><b/>'],
    ['a duplicate attribute', '<a x="1" x="2"/>'],
  ])('rejects %s', (_what, xml) => {
    expect(() => parseXml(xml)).toThrow();
  });
});
