import { describe, expect, it } from 'vitest';
import { redrawWanted } from './redraw-wanted.js';

describe('redrawWanted', () => {
  it('redraws the progress line on a terminal, not in a pipe or on TERM=dumb', () => {
    expect(redrawWanted({ isTTY: true }, { TERM: 'xterm-256color' })).toBe(true);
    expect(redrawWanted({ isTTY: true }, {})).toBe(true);
    expect(redrawWanted({ isTTY: false }, {})).toBe(false);
    expect(redrawWanted({}, {})).toBe(false);
    expect(redrawWanted({ isTTY: true }, { TERM: 'dumb' })).toBe(false);
  });
});
