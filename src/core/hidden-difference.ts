/**
 * Two texts that differ where no one can see it: in Unicode form (`é` as one character or as `e` and a combining
 * accent) or in invisible characters (a zero-width space, a byte order mark). A reason that shows both as
 * `expected "café", got "café"` explains nothing; this names the first difference by code point.
 */

// Format characters (zero-width space and joiners, marks, BOM, soft hyphen…) and the variation selectors.
const INVISIBLE = /\p{Cf}|[\u{FE00}-\u{FE0F}]|[\u{E0100}-\u{E01EF}]/gu;

/** null when the texts are equal or differ visibly; else what the hidden difference is. */
export function hiddenDifference(expected: string, actual: string): string | null {
  if (expected === actual) return null;
  const shown = (text: string) => text.normalize('NFC').replace(INVISIBLE, '');
  if (shown(expected) !== shown(actual)) return null;
  const kind =
    expected.normalize('NFC') === actual.normalize('NFC')
      ? 'they differ only in Unicode form (composed vs decomposed characters)'
      : 'they differ only in invisible characters';
  return `${kind}: ${firstDifference(expected, actual)}`;
}

/** `at character 4, expected U+00E9, got U+0065 U+0301` (code points to the end of the differing cluster). */
function firstDifference(expected: string, actual: string): string {
  const a = Array.from(expected);
  const b = Array.from(actual);
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index += 1;
  const codes = (chars: string[]) =>
    chars.length === 0
      ? 'nothing'
      : chars
          .slice(0, 4)
          .map((ch) => `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`)
          .join(' ');
  return `at character ${index + 1}, expected ${codes(a.slice(index, index + 2))}, got ${codes(b.slice(index, index + 2))}`;
}
