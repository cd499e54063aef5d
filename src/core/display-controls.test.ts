import { describe, expect, it } from 'vitest';
import { displayControlsPattern, escapeControlChars, isDisplayControl } from './display-controls.js';

const matched = (pattern: RegExp): number[] => {
  const codes: number[] = [];
  for (let code = 0; code <= 0xffff; code += 1) if (String.fromCharCode(code).match(pattern)) codes.push(code);
  return codes;
};

describe('display controls', () => {
  it('match the C0 and C1 controls, DEL, the bidirectional controls and the invisible characters, and nothing else', () => {
    const all = matched(displayControlsPattern());
    expect(all).toHaveLength(32 + 33 + 1 + 2 + 5 + 4 + (1 + 1 + 1 + 5 + 1));
    expect(all.every(isDisplayControl)).toBe(true);
    for (const code of [0x1b, 0x9b, 0x061c, 0x200f, 0x202e, 0x2069]) expect(all).toContain(code);
    for (const code of [0xad, 0x180e, 0x200b, 0x2060, 0x2064, 0xfeff]) expect(all).toContain(code);
    // The joiners make emoji sequences and Persian or Indic words: kept.
    for (const code of [0x20, 0x7e, 0xa0, 0x200a, 0x200c, 0x200d, 0x2028, 0x2065, 0x206a, 0xfefe]) {
      expect(all).not.toContain(code);
    }
  });

  it('spell out the invisible characters, so two names that differ by one do not look the same', () => {
    expect(escapeControlChars('log\u200bin')).toBe('log\\u200bin');
    expect(escapeControlChars('a\u2060d\ufeffe\u00adf')).toBe('a\\u2060d\\ufeffe\\xadf');
    // A family emoji (joined by U+200D) and a Persian word with a non-joiner stay as written.
    expect(escapeControlChars('👨\u200d👩\u200d👧 می\u200cخواهم')).toBe('👨\u200d👩\u200d👧 می\u200cخواهم');
  });

  it('leave out the kept characters, at the edges of a range as inside it', () => {
    const kept = matched(displayControlsPattern('\t\n\u0000\u001f\u202c'));
    expect(kept).not.toContain(0x09);
    expect(kept).not.toContain(0x0a);
    expect(kept).not.toContain(0x00);
    expect(kept).not.toContain(0x1f);
    expect(kept).not.toContain(0x202c);
    expect(kept).toContain(0x0b);
    expect(kept).toContain(0x202b);
    expect(kept).toContain(0x202d);
    expect(kept).toHaveLength(86 - 5);
  });
});
