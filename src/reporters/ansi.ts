/** ANSI colours (only when enabled) and the cursor controls of the live progress display. */

export interface Palette {
  readonly green: (text: string) => string;
  readonly red: (text: string) => string;
  readonly yellow: (text: string) => string;
  readonly dim: (text: string) => string;
  readonly bold: (text: string) => string;
}

const sgr = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;
const plain = (text: string) => text;

export function createPalette(color: boolean): Palette {
  if (!color) return { green: plain, red: plain, yellow: plain, dim: plain, bold: plain };
  return { green: sgr(32, 39), red: sgr(31, 39), yellow: sgr(33, 39), dim: sgr(2, 22), bold: sgr(1, 22) };
}

/** Moves to the start of the line and erases it. */
export const CLEAR_LINE = '\r\u001b[2K';
export const HIDE_CURSOR = '\u001b[?25l';
export const SHOW_CURSOR = '\u001b[?25h';

// biome-ignore lint/suspicious/noControlCharactersInRegex: strips the escape sequences this module writes
const SGR_SEQUENCE = /\u001b\[[0-9;]*m/g;

/** The visible text, without colour sequences. */
export function stripAnsi(text: string): string {
  return text.replace(SGR_SEQUENCE, '');
}
