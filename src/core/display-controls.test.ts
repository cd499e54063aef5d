import { describe, expect, it } from 'vitest';
import { displayControlsPattern, isDisplayControl } from './display-controls.js';

const matched = (pattern: RegExp): number[] => {
  const codes: number[] = [];
  for (let code = 0; code <= 0xffff; code += 1) if (String.fromCharCode(code).match(pattern)) codes.push(code);
  return codes;
};

describe('display controls', () => {
  it('match the C0 and C1 controls, DEL and the bidirectional controls, and nothing else', () => {
    const all = matched(displayControlsPattern());
    expect(all).toHaveLength(32 + 33 + 1 + 2 + 5 + 4);
    expect(all.every(isDisplayControl)).toBe(true);
    for (const code of [0x1b, 0x9b, 0x061c, 0x200f, 0x202e, 0x2069]) expect(all).toContain(code);
    for (const code of [0x20, 0x7e, 0xa0, 0x200d, 0x2028, 0x2065, 0x206a]) expect(all).not.toContain(code);
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
    expect(kept).toHaveLength(77 - 5);
  });
});
