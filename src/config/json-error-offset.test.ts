import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonErrorOffset } from './json-error-offset.js';

/** V8's own verdict, and its position when it gives one. */
function v8(text: string): { valid: boolean; position: number | null } {
  try {
    JSON.parse(text);
    return { valid: true, position: null };
  } catch (error) {
    const match = /at position (\d+)/.exec((error as Error).message);
    return { valid: false, position: match ? Number(match[1]) : null };
  }
}

describe('jsonErrorOffset', () => {
  it('finds nothing wrong with valid JSON, nested at any depth', () => {
    for (const text of ['0', '-0.5e+3', '"a\\u00e9\\n"', ' [ ] ', '{}', '{"a":[1,{"b":null}],"c":true}', '[false]']) {
      expect(jsonErrorOffset(text), text).toBeNull();
    }
    expect(jsonErrorOffset(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toBeNull();
  });

  it('points at the first character that cannot be there', () => {
    expect(jsonErrorOffset('{\n  "x": tru\n}')).toBe(12);
    expect(jsonErrorOffset('[1, nul]')).toBe(7);
    expect(jsonErrorOffset('{"a" 1}')).toBe(5);
    expect(jsonErrorOffset('{"a": 1,}')).toBe(8);
    expect(jsonErrorOffset('[1,]')).toBe(3);
    expect(jsonErrorOffset('[01]')).toBe(2);
    expect(jsonErrorOffset('[1.]')).toBe(3);
    expect(jsonErrorOffset('"a\tb"')).toBe(2);
    expect(jsonErrorOffset('"\\x"')).toBe(2);
    expect(jsonErrorOffset('"\\u12G4"')).toBe(5);
    expect(jsonErrorOffset('{} x')).toBe(3);
    expect(jsonErrorOffset("{'a': 1}")).toBe(1);
    expect(jsonErrorOffset('[1 2]')).toBe(3);
    expect(jsonErrorOffset('{"a": 1]')).toBe(7);
  });

  it('says the text ended too soon with its length', () => {
    for (const text of ['', '  ', '[1,', '{"a"', '{"a":', '"abc', '-', '1e', '"\\u12', '[[[']) {
      expect(jsonErrorOffset(text), text).toBe(text.length);
    }
  });

  it('agrees with V8 on what is JSON, and on where, whenever V8 says where', () => {
    const piece = fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      ' ',
      '\n',
      '"a"',
      '"',
      '\\',
      '1',
      '-',
      '0',
      '.',
      'e',
      '+',
      'true',
      'tru',
      'null',
      'x',
      "'",
      '\t',
      '\\u00',
      '"\\n"',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (pieces) => {
        const text = pieces.join('');
        const expected = v8(text);
        const offset = jsonErrorOffset(text);
        expect(offset === null, text).toBe(expected.valid);
        if (expected.position !== null) expect(offset, text).toBe(expected.position);
      }),
      { numRuns: 5000 },
    );
  });
});
