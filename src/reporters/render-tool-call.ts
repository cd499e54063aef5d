/** One tool invocation as text: `subtract(a=206588, b=181001) → 25587`, or `divide(a=1, b=0) ✗ division by zero`. */
import type { ToolInvocation } from '../core/tool-invocation.js';
import { renderValue } from '../matchers/index.js';

/**
 * Arguments as `a=1, b="two"`: values rendered as the matchers see them, except that a string is quoted, so the
 * string "206588" and the number 206588 (which a literal matcher tells apart) read differently.
 */
export function renderArgs(args: Readonly<Record<string, unknown>>): string {
  return Object.entries(args)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? JSON.stringify(value) : renderValue(value)}`)
    .join(', ');
}

export function renderToolCall(call: ToolInvocation): string {
  const head = `${call.name}(${renderArgs(call.args)})`;
  if (call.error !== null) return `${head} ✗ ${call.error}`;
  return `${head} → ${renderValue(call.result)}`;
}
