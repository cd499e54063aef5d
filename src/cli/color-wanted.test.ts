import { describe, expect, it } from 'vitest';
import { colorWanted } from './color-wanted.js';

describe('colorWanted', () => {
  it('colours a terminal, unless NO_COLOR or TERM=dumb says not to', () => {
    expect(colorWanted({ isTTY: true }, {})).toBe(true);
    expect(colorWanted({ isTTY: false }, {})).toBe(false);
    expect(colorWanted({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(colorWanted({ isTTY: true }, { TERM: 'dumb' })).toBe(false);
  });

  it('colours anywhere when FORCE_COLOR asks, and nowhere, not even a terminal, when it is 0 or false', () => {
    expect(colorWanted({ isTTY: false }, { FORCE_COLOR: '1' })).toBe(true);
    expect(colorWanted({}, { FORCE_COLOR: '', NO_COLOR: '1' })).toBe(true);
    expect(colorWanted({ isTTY: true }, { FORCE_COLOR: '0' })).toBe(false);
    expect(colorWanted({ isTTY: true }, { FORCE_COLOR: 'false' })).toBe(false);
    expect(colorWanted({ isTTY: true }, { FORCE_COLOR: 'FALSE', TERM: 'xterm-256color' })).toBe(false);
    expect(colorWanted({ isTTY: false }, { FORCE_COLOR: '0' })).toBe(false);
    expect(colorWanted({ isTTY: false }, { FORCE_COLOR: 'false' })).toBe(false);
  });
});
