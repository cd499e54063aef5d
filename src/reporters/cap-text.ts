/**
 * Size limits for report files: agent output and tool results can be arbitrarily large, but a report must
 * stay readable and cheap to write. Over-long text is cut with a note saying how long it was.
 */
import type { JsonValue } from '../core/json.js';
import { truncateText } from './safe-text.js';

/** The default cap, in characters, on any one text of the JSON report and the run record. */
export const DEFAULT_MAX_TEXT_LENGTH = 100_000;

export interface TextCaps {
  /** A text field (response, input, error, reason...). */
  text(value: string): string;
  /** A text field that may be null. */
  nullable(value: string | null): string | null;
  /**
   * A free-form JSON value (tool result, metric details): strings are cut, and a value whose JSON text is
   * longer than the cap becomes that JSON text, cut.
   */
  json(value: JsonValue): JsonValue;
}

export function textCaps(max: number = DEFAULT_MAX_TEXT_LENGTH): TextCaps {
  if (!Number.isFinite(max)) {
    return { text: (value) => value, nullable: (value) => value, json: (value) => value };
  }
  const text = (value: string) => truncateText(value, max);
  return {
    text,
    nullable: (value) => (value === null ? null : text(value)),
    json(value) {
      if (value === null || typeof value !== 'object') return typeof value === 'string' ? text(value) : value;
      const serialized = JSON.stringify(value);
      return serialized.length > max ? text(serialized) : value;
    },
  };
}
