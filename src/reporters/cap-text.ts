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
   * A free-form JSON value (tool result, metric details): a string is cut, and a value whose JSON text is longer
   * than the cap keeps its shape — its strings cut, and once the cap is spent, its further items or keys replaced
   * by a note of how many there were — so a reader of `details.actual` or `result.rows` still finds them.
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
      return JSON.stringify(value).length > max ? capShape(value, max) : value;
    },
  };
}

const OVER = 'the value is longer than --max-text-length';

/** `value` cut to about `max` characters of JSON, its shape kept (see TextCaps.json). */
function capShape(value: JsonValue, max: number): JsonValue {
  let budget = max;
  const visit = (part: JsonValue): JsonValue => {
    if (typeof part === 'string') {
      const kept = truncateText(part, Math.max(0, Math.min(max, budget)));
      budget -= Math.min(part.length, budget) + 2;
      return kept;
    }
    if (part === null || typeof part !== 'object') {
      budget -= String(part).length;
      return part;
    }
    budget -= 2; // the brackets or braces
    if (Array.isArray(part)) {
      const items: JsonValue[] = [];
      for (const [index, item] of part.entries()) {
        if (budget <= 0) {
          items.push(`… ${part.length - index} more items (${OVER})`);
          break;
        }
        items.push(visit(item));
        budget -= 1;
      }
      return items;
    }
    const keys = Object.keys(part);
    const fields: Record<string, JsonValue> = {};
    for (const [index, key] of keys.entries()) {
      if (budget <= 0) {
        fields['…'] = `${keys.length - index} more keys (${OVER})`;
        break;
      }
      // A key is text too: one longer than the cap is cut like a value.
      const shown = key.length > max ? truncateText(key, max) : key;
      budget -= shown.length + 4;
      fields[shown] = visit((part as Readonly<Record<string, JsonValue>>)[key] as JsonValue);
    }
    return fields;
  };
  return visit(value);
}
