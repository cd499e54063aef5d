/**
 * The first key written twice in one object of a JSON text: JSON.parse keeps the last value without a word, so a
 * test case's second `input`, or a second `test_cases` list, would silently replace the first. The text is
 * valid JSON (JSON.parse read it): strings are skipped with indexOf, and only keys are kept, one set per object.
 */
import { jsonStringEnd } from './json-string-end.js';

export interface DuplicateJsonKey {
  readonly key: string;
  /** Where the second one is written. */
  readonly offset: number;
}

const QUOTE = 0x22;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;

/** The characters that matter: strings, and the brackets and commas around keys. */
const STRUCTURE = /["{}[\],]/g;

export function findDuplicateJsonKey(text: string): DuplicateJsonKey | null {
  // The keys seen in each enclosing object; null for an array.
  const stack: (Set<string> | null)[] = [];
  let keyNext = false;
  const structure = new RegExp(STRUCTURE);
  for (let found = structure.exec(text); found !== null; found = structure.exec(text)) {
    const i = found.index;
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = jsonStringEnd(text, i) - 1;
      if (keyNext) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        const keys = stack[stack.length - 1] as Set<string>;
        if (keys.has(key)) return { key, offset: i };
        keys.add(key);
        keyNext = false;
      }
      structure.lastIndex = end + 1;
    } else if (c === OPEN_OBJECT) {
      stack.push(new Set());
      keyNext = true;
    } else if (c === OPEN_ARRAY) {
      stack.push(null);
      keyNext = false;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      stack.pop();
      keyNext = false;
    } else if (c === COMMA) {
      keyNext = stack.length > 0 && stack[stack.length - 1] !== null;
    }
  }
  return null;
}
