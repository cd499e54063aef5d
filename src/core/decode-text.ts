/**
 * The text of a file holodeck reads as text (configuration, instructions, a turn's text files): UTF-8, with or
 * without a byte order mark, or UTF-16 with one. Bytes that are not UTF-8 (a file saved as Latin-1 or
 * Windows-1252) and NUL characters (a binary file, or UTF-16 without a byte order mark) are refused with the
 * line and column of the first, rather than read as U+FFFD replacement characters that would reach the model
 * and the reports as if the file held them.
 */

export type DecodedText =
  | { readonly ok: true; readonly text: string }
  | {
      readonly ok: false;
      /** 1-based, of the first offending byte or character. */
      readonly line: number;
      readonly column: number;
      /** What is wrong there, e.g. `byte 0xE9 is not UTF-8`. */
      readonly problem: string;
    };

export const SAVE_AS_UTF8 = 'save the file as UTF-8 text';

export function decodeText(bytes: Uint8Array): DecodedText {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = utf16(bytes.subarray(2), 'utf-16le');
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = utf16(bytes.subarray(2), 'utf-16be');
  else {
    const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
    } catch (error) {
      const invalid = firstInvalidUtf8(body);
      // Valid bytes that still cannot be read (more text than a string holds) are not an encoding problem.
      if (invalid === body.length) throw error;
      return notUtf8(body, invalid);
    }
  }
  const nul = text.indexOf('\0');
  if (nul >= 0) {
    const { line, column } = lineAndColumn(text, nul);
    return {
      ok: false,
      line,
      column,
      problem: 'a NUL character (the file is binary, or UTF-16 without a byte order mark)',
    };
  }
  return { ok: true, text };
}

function utf16(bytes: Uint8Array, encoding: 'utf-16le' | 'utf-16be'): string {
  // An unpaired surrogate becomes U+FFFD: UTF-16 files are rare enough not to locate it.
  return new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes);
}

function notUtf8(bytes: Uint8Array, offset: number): DecodedText {
  let lineStart = 0;
  let line = 1;
  for (let i = 0; i < offset; i++) {
    if (bytes[i] === 0x0a) {
      line += 1;
      lineStart = i + 1;
    }
  }
  const before = new TextDecoder('utf-8').decode(bytes.subarray(lineStart, offset));
  const byte = (bytes[offset] ?? 0).toString(16).toUpperCase().padStart(2, '0');
  return { ok: false, line, column: before.length + 1, problem: `byte 0x${byte} is not UTF-8` };
}

/** The offset of the first byte that does not start or continue a valid UTF-8 sequence (the length if none). */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i] as number;
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    const [length, low, high] = sequenceOf(lead);
    if (length === 0) return i;
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k];
      const [min, max] = k === 1 ? [low, high] : [0x80, 0xbf];
      if (next === undefined || next < min || next > max) return i;
    }
    i += length;
  }
  return bytes.length;
}

/** A lead byte's sequence length and the range of its second byte (which rules out overlong forms and surrogates). */
function sequenceOf(lead: number): readonly [number, number, number] {
  if (lead >= 0xc2 && lead <= 0xdf) return [2, 0x80, 0xbf];
  if (lead === 0xe0) return [3, 0xa0, 0xbf];
  if (lead === 0xed) return [3, 0x80, 0x9f];
  if (lead >= 0xe1 && lead <= 0xef) return [3, 0x80, 0xbf];
  if (lead === 0xf0) return [4, 0x90, 0xbf];
  if (lead >= 0xf1 && lead <= 0xf3) return [4, 0x80, 0xbf];
  if (lead === 0xf4) return [4, 0x80, 0x8f];
  return [0, 0, 0];
}

function lineAndColumn(text: string, index: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let at = text.indexOf('\n'); at >= 0 && at < index; at = text.indexOf('\n', at + 1)) {
    line += 1;
    lineStart = at + 1;
  }
  return { line, column: index - lineStart + 1 };
}
