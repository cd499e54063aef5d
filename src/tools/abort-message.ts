import { formatLimitNumber } from '../core/format-limit-number.js';

/**
 * What a tool call cut off by its turn says: `tool divide timed out after 60 s` when the turn's time ran out,
 * else what interrupted it. A backend may wrap the runner's reason (`turn aborted: …`, with the reason as its
 * cause): the reason is looked for along the causes.
 */
export function abortMessage(name: string, reason: unknown): string {
  const timeoutMs = turnTimeoutOf(reason);
  if (timeoutMs !== null) return `tool ${name} timed out after ${formatLimitNumber(timeoutMs / 1000)} s`;
  const why = reason instanceof Error ? reason.message : String(reason ?? 'aborted');
  return `tool ${name} was interrupted: ${why}`;
}

/** The runner aborts a turn that ran out of time with an error carrying `code: 'TURN_TIMEOUT'` and `timeout_ms`. */
function turnTimeoutOf(reason: unknown): number | null {
  let at: unknown = reason;
  // A few causes deep at most: a cause chain may loop.
  for (let depth = 0; depth < 4 && typeof at === 'object' && at !== null; depth += 1) {
    const { code, timeout_ms, cause } = at as { code?: unknown; timeout_ms?: unknown; cause?: unknown };
    if (code === 'TURN_TIMEOUT' && typeof timeout_ms === 'number') return timeout_ms;
    at = cause;
  }
  return null;
}
