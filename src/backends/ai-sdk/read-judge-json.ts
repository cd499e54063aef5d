/**
 * A judge's answer text read as the JSON it must be: a Markdown code fence around the whole of it (```json … ```,
 * as many local models send their JSON despite the response format) is taken off first; a key given twice makes
 * the answer unreadable, since JSON.parse would keep the last value, which may not be the one the judge meant.
 */
import { findDuplicateJsonKey } from '../../core/duplicate-json-key.js';

export type JudgeJson =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: unknown };

export function readJudgeJson(text: string): JudgeJson {
  const json = unfenced(text);
  try {
    const value: unknown = JSON.parse(json);
    const duplicate = findDuplicateJsonKey(json);
    if (duplicate !== null) {
      return { ok: false, error: new Error(`the key "${duplicate.key}" appears twice in the same object`) };
    }
    return { ok: true, value };
  } catch (error) {
    return { ok: false, error };
  }
}

/** Only a fence that wraps everything is taken off. */
function unfenced(text: string): string {
  const fenced = /^\s*```[A-Za-z]*[^\S\n]*\n([\s\S]*?)\n?```\s*$/.exec(text);
  return fenced === null ? text : (fenced[1] ?? '');
}
