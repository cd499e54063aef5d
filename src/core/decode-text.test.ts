import { describe, expect, it } from 'vitest';
import { decodeText, firstInvalidUtf8 } from './decode-text.js';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : Buffer.from(part))));

describe('decodeText', () => {
  it('reads UTF-8, with or without a byte order mark, and UTF-16 with one', () => {
    expect(decodeText(bytes('name: café ✓ 𝄞\n'))).toEqual({ ok: true, text: 'name: café ✓ 𝄞\n' });
    expect(decodeText(bytes([0xef, 0xbb, 0xbf], 'name: x'))).toEqual({ ok: true, text: 'name: x' });
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('name: café', 'utf16le')]);
    expect(decodeText(le)).toEqual({ ok: true, text: 'name: café' });
    const be = Buffer.from(Buffer.from('name: café', 'utf16le')).swap16();
    expect(decodeText(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toEqual({ ok: true, text: 'name: café' });
    // A replacement character written as such is text like any other.
    expect(decodeText(bytes('a \uFFFD b'))).toEqual({ ok: true, text: 'a \uFFFD b' });
    expect(decodeText(bytes(''))).toEqual({ ok: true, text: '' });
  });

  it('refuses a byte that is not UTF-8, at its line and column (a Latin-1 é)', () => {
    expect(decodeText(bytes('name: x\ninput: "ça, caf', [0xe9], '"\n'))).toEqual({
      ok: false,
      line: 2,
      column: 16,
      problem: 'byte 0xE9 is not UTF-8',
    });
    expect(decodeText(bytes([0x80]))).toMatchObject({
      ok: false,
      line: 1,
      column: 1,
      problem: 'byte 0x80 is not UTF-8',
    });
  });

  it('refuses a NUL character: a binary file, or UTF-16 without a byte order mark', () => {
    expect(decodeText(Buffer.from('name: x', 'utf16le'))).toMatchObject({ ok: false, line: 1, column: 2 });
    expect(decodeText(bytes('a\nb\0'))).toEqual({
      ok: false,
      line: 2,
      column: 2,
      problem: 'a NUL character (the file is binary, or UTF-16 without a byte order mark)',
    });
  });
});

describe('firstInvalidUtf8', () => {
  it('agrees with a strict UTF-8 decoder on every short byte sequence of interest', () => {
    const strict = new TextDecoder('utf-8', { fatal: true });
    const interesting = [0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1];
    interesting.push(0xec, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xff);
    let checked = 0;
    const check = (sequence: number[]) => {
      const input = Uint8Array.from(sequence);
      let valid = true;
      try {
        strict.decode(input);
      } catch {
        valid = false;
      }
      expect(firstInvalidUtf8(input) === input.length, sequence.map((b) => b.toString(16)).join(' ')).toBe(valid);
      checked += 1;
    };
    for (const a of interesting) {
      check([a]);
      for (const b of interesting) {
        check([a, b]);
        for (const c of interesting) {
          check([a, b, c]);
          for (const d of [0x80, 0xbf, 0x41]) check([a, b, c, d]);
        }
      }
    }
    expect(checked).toBeGreaterThan(60_000);
  });
});
