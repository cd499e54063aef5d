/**
 * The JSON an answer holds, for is_json and json_schema: the answer trimmed, or, when the whole trimmed
 * answer is one fenced code block (```json or a bare ```), the block's content. Text around a fence is not
 * stripped: such an answer is not JSON.
 */

import { thrownMessage } from '../core/describe-thrown.js';
import type { JsonValue } from '../core/json.js';

export type JsonAnswer =
  | { readonly ok: true; readonly value: JsonValue; readonly fenced: boolean }
  | { readonly ok: false; readonly reason: string };

const FENCED = /^```(?:json)?[ \t]*\r?\n([\s\S]*?)\r?\n?```$/i;

export function parseJsonAnswer(answer: string): JsonAnswer {
  const trimmed = answer.trim();
  if (trimmed === '') return { ok: false, reason: 'the answer is empty' };
  const fence = FENCED.exec(trimmed);
  const text = fence ? (fence[1] ?? '') : trimmed;
  try {
    return { ok: true, value: JSON.parse(text) as JsonValue, fenced: fence !== null };
  } catch (error) {
    const detail = thrownMessage(error);
    const what = fence ? 'the fenced block of the answer' : 'the answer';
    return { ok: false, reason: `${what} is not JSON: ${detail}` };
  }
}
