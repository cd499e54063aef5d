/**
 * `JSON.parse` that remembers the order in which each object's keys were written. A JavaScript object lists
 * integer-like keys first, ascending (`{"2007": …, "2006": …}` enumerates 2006 first); ConvFinQA tables
 * are keyed by such labels (years as column headers), and the page shows them in the dataset's order.
 */

const ORDER = new WeakMap<object, readonly string[]>();

const WHITESPACE = /[ \t\n\r]*/y;
const STRING = /"(?:[^"\\]|\\.)*"/y;
const SCALAR = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;

/** Parses like `JSON.parse` (and throws its errors); `keysInOrder` then gives each object's keys as written. */
export function parseJsonKeepingOrder(text: string): unknown {
  const value = JSON.parse(text) as unknown;
  new KeyOrderReader(text).read(value);
  return value;
}

/** The object's keys in the order the JSON text wrote them, when `parseJsonKeepingOrder` made it; else `Object.keys`. */
export function keysInOrder(object: object): string[] {
  return [...(ORDER.get(object) ?? Object.keys(object))];
}

/** Walks text already known to be valid JSON beside the value parsed from it, recording key order. */
class KeyOrderReader {
  private position = 0;

  constructor(private readonly text: string) {}

  read(value: unknown): void {
    this.skip(WHITESPACE);
    const opening = this.text[this.position];
    if (opening === '{') this.readObject(isObject(value) ? value : {});
    else if (opening === '[') this.readArray(Array.isArray(value) ? value : []);
    else this.skip(opening === '"' ? STRING : SCALAR);
    this.skip(WHITESPACE);
  }

  /** `object` is the value JSON.parse made of this text (for a repeated key, of its last occurrence). */
  private readObject(object: Readonly<Record<string, unknown>>): void {
    const keys: string[] = [];
    this.position += 1;
    this.skip(WHITESPACE);
    while (this.text[this.position] !== '}') {
      const key = JSON.parse(this.skip(STRING)) as string;
      // A repeated key keeps its first place, as JSON.parse keeps the property it first created.
      if (!keys.includes(key)) keys.push(key);
      this.skip(WHITESPACE);
      this.position += 1; // ':'
      this.read(object[key]);
      if (this.text[this.position] === ',') this.position += 1;
      this.skip(WHITESPACE);
    }
    this.position += 1;
    ORDER.set(object, keys);
  }

  private readArray(array: readonly unknown[]): void {
    this.position += 1;
    this.skip(WHITESPACE);
    for (let index = 0; this.text[this.position] !== ']'; index += 1) {
      this.read(array[index]);
      if (this.text[this.position] === ',') this.position += 1;
    }
    this.position += 1;
  }

  private skip(pattern: RegExp): string {
    pattern.lastIndex = this.position;
    const match = pattern.exec(this.text);
    const token = match?.[0] ?? '';
    this.position += token.length;
    return token;
  }
}

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
