/**
 * The characters that text from outside (an agent's answer, a case name read back from a record) must not carry
 * raw onto a screen: C0 controls, DEL, C1 controls (the 8-bit CSI among them); the bidirectional marks,
 * embeddings, overrides and isolates, which reorder what is shown after them (an answer ending in U+202E shows
 * the verdict after it backwards); and the invisible characters, which make two different names look the same
 * (`log\u200bin` and `login`): the soft hyphen, the Mongolian vowel separator, the zero-width space, the word
 * joiner and invisible operators, and the zero-width no-break space (byte order mark). The zero-width joiner and
 * non-joiner are left as they are: emoji sequences and Persian or Indic words are written with them. The
 * console, Markdown, the dashboard's title and its page spell them out; the page, served without a build step,
 * keeps its own copy of the set, which a test holds equal to this one.
 */
const RANGES: readonly (readonly [number, number])[] = [
  [0x0000, 0x001f],
  [0x007f, 0x009f],
  [0x00ad, 0x00ad],
  [0x061c, 0x061c],
  [0x180e, 0x180e],
  [0x200b, 0x200b],
  [0x200e, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0x2066, 0x2069],
  [0xfeff, 0xfeff],
];

/** Whether the UTF-16 code unit `code` is one of the display controls. */
export function isDisplayControl(code: number): boolean {
  return RANGES.some(([first, last]) => code >= first && code <= last);
}

/** A global pattern matching every display control except the characters of `kept` (e.g. tab and newline). */
export function displayControlsPattern(kept = ''): RegExp {
  const keptCodes = new Set(Array.from(kept, (ch) => ch.charCodeAt(0)));
  const parts: string[] = [];
  for (const [first, last] of RANGES) {
    let start = first;
    for (let code = first; code <= last + 1; code += 1) {
      if (code <= last && !keptCodes.has(code)) continue;
      if (code > start) parts.push(code - 1 > start ? `${unit(start)}-${unit(code - 1)}` : unit(start));
      start = code + 1;
    }
  }
  return new RegExp(`[${parts.join('')}]`, 'g');
}

const unit = (code: number): string => `\\u${code.toString(16).padStart(4, '0')}`;

// The display controls except tab and newline (a carriage return is spelled out unless it ends a CRLF line).
const SHOWN_CONTROLS = displayControlsPattern('\t\n');

/**
 * Replaces control characters (ANSI escapes, carriage returns, NUL...) and the soft hyphen with visible `\xNN`
 * escapes, and the bidirectional controls and invisible characters with `\uNNNN`.
 */
export function escapeControlChars(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(SHOWN_CONTROLS, (ch) => {
    const code = ch.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
