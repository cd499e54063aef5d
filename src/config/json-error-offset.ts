/**
 * Where JSON text first stops being JSON (RFC 8259): the offset of the first character no valid document could
 * have there, the text's length when it ends too soon, null when it is valid. Used only to place a syntax error
 * V8 gives no position for (`"x": tru`, a stray character); one pass, no recursion, so any nesting depth is
 * fine.
 */

type Expect =
  /** A value (the document's, an array element after a comma, an object member's after its colon). */
  | 'value'
  /** After `[`: a value or `]`. */
  | 'value_or_close'
  /** After `{`: a key or `}`. */
  | 'key_or_close'
  /** After a comma in an object. */
  | 'key'
  | 'colon'
  /** After a value inside a container: `,` or its closing bracket. */
  | 'comma_or_close'
  /** After the document's value: only whitespace. */
  | 'end';

const LITERALS: Readonly<Record<string, string>> = { t: 'true', f: 'false', n: 'null' };

export function jsonErrorOffset(text: string): number | null {
  const open: string[] = [];
  let expect: Expect = 'value';
  let at = 0;
  const afterValue = (): Expect => (open.length === 0 ? 'end' : 'comma_or_close');
  while (true) {
    at = skipWhitespace(text, at);
    if (at >= text.length) return expect === 'end' ? null : text.length;
    const char = text[at] as string;
    switch (expect) {
      case 'end':
        return at;
      case 'colon':
        if (char !== ':') return at;
        at += 1;
        expect = 'value';
        continue;
      case 'comma_or_close':
        if (char === ',') {
          at += 1;
          expect = open.at(-1) === '{' ? 'key' : 'value';
          continue;
        }
        if (char !== (open.at(-1) === '{' ? '}' : ']')) return at;
        open.pop();
        at += 1;
        expect = afterValue();
        continue;
      case 'key_or_close':
      case 'key':
        if (char === '}' && expect === 'key_or_close') {
          open.pop();
          at += 1;
          expect = afterValue();
          continue;
        }
        if (char !== '"') return at;
        at = stringEnd(text, at);
        if (at < 0) return -at - 1;
        expect = 'colon';
        continue;
      case 'value_or_close':
      case 'value':
        if (char === ']' && expect === 'value_or_close') {
          open.pop();
          at += 1;
          expect = afterValue();
          continue;
        }
        if (char === '{' || char === '[') {
          open.push(char);
          at += 1;
          expect = char === '{' ? 'key_or_close' : 'value_or_close';
          continue;
        }
        at = scalarEnd(text, at);
        if (at < 0) return -at - 1;
        expect = afterValue();
    }
  }
}

function skipWhitespace(text: string, from: number): number {
  let at = from;
  while (at < text.length) {
    const char = text[at];
    if (char !== ' ' && char !== '\t' && char !== '\n' && char !== '\r') break;
    at += 1;
  }
  return at;
}

/** The offset after the scalar starting at `from`, or `-(error offset) - 1`. */
function scalarEnd(text: string, from: number): number {
  const char = text[from] as string;
  if (char === '"') return stringEnd(text, from);
  if (char === '-' || (char >= '0' && char <= '9')) return numberEnd(text, from);
  const literal = LITERALS[char];
  if (literal === undefined) return -from - 1;
  for (let i = 1; i < literal.length; i += 1) if (text[from + i] !== literal[i]) return -(from + i) - 1;
  return from + literal.length;
}

function stringEnd(text: string, from: number): number {
  let at = from + 1;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code === 0x22) return at + 1;
    if (code < 0x20) return -at - 1;
    if (code !== 0x5c) {
      at += 1;
      continue;
    }
    const escaped = text[at + 1];
    if (escaped === undefined) return -text.length - 1;
    if (escaped === 'u') {
      for (let i = 2; i < 6; i += 1)
        if (!/[0-9a-fA-F]/.test(text[at + i] ?? '')) return -Math.min(at + i, text.length) - 1;
      at += 6;
    } else if ('"\\/bfnrt'.includes(escaped)) {
      at += 2;
    } else {
      return -(at + 1) - 1;
    }
  }
  return -text.length - 1;
}

function numberEnd(text: string, from: number): number {
  let at = from;
  if (text[at] === '-') at += 1;
  if (text[at] === '0') at += 1;
  else if (!isDigit(text[at])) return -Math.min(at, text.length) - 1;
  else while (isDigit(text[at])) at += 1;
  if (text[at] === '.') {
    at += 1;
    if (!isDigit(text[at])) return -Math.min(at, text.length) - 1;
    while (isDigit(text[at])) at += 1;
  }
  if (text[at] === 'e' || text[at] === 'E') {
    at += 1;
    if (text[at] === '+' || text[at] === '-') at += 1;
    if (!isDigit(text[at])) return -Math.min(at, text.length) - 1;
    while (isDigit(text[at])) at += 1;
  }
  return at;
}

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= '0' && char <= '9';
}
