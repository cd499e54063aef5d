/**
 * Waits until a Claude Code process has started (it answered the SDK's `initialize` request), apart from any turn:
 * its start-up (1–5 s, more on a busy machine) is not the model's time, so it does not count against `llm_timeout`,
 * and has a bound of its own.
 */

import { clearRunTimer, runTimer } from '../../core/clock.js';
import { thrownMessage } from '../../core/describe-thrown.js';
import { AgentTurnError } from '../../core/errors.js';
import { formatLimitNumber } from '../../core/format-limit-number.js';
import type { LiveQuery } from './live-query.js';

/** The least time Claude Code is given to start: `max(llm_timeout, this)`. */
export const MIN_STARTUP_MS = 60_000;

/** The start-up bound for a turn limit of `llm_timeout_s` seconds. */
export function startupLimitMs(llm_timeout_s: number): number {
  return Math.max(MIN_STARTUP_MS, llm_timeout_s * 1000);
}

/**
 * Settles once `live` has started; rejects when it did not within `limit_ms` (`Claude Code did not start within
 * 60s`), when it ended or failed first (with its stderr), or when `signal` aborts first (with its reason).
 */
export async function awaitClaudeStart(live: LiveQuery, signal: AbortSignal, limit_ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: () => void = () => {};
  const stopped = new Promise<never>((_, reject) => {
    timer = runTimer(
      () =>
        reject(
          new AgentTurnError(
            `Claude Code did not start within ${formatLimitNumber(limit_ms / 1000)}s${stderrNote(live)}`,
            'AGENT_START',
            true,
          ),
        ),
      limit_ms,
    );
    onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  stopped.catch(() => undefined);
  try {
    await Promise.race([
      live.ready().catch((error: unknown) => {
        // The launch's own failure (`spawn /path EACCES`), not the SDK's guess at its cause.
        const cause = live.launchError() ?? error;
        throw new AgentTurnError(
          `Claude Code did not start: ${thrownMessage(cause)}${stderrNote(live)}`,
          'AGENT_START',
          true,
          { cause },
        );
      }),
      stopped,
    ]);
  } finally {
    clearRunTimer(timer);
    signal.removeEventListener('abort', onAbort);
  }
}

function stderrNote(live: LiveQuery): string {
  const stderr = live.stderrTail();
  return stderr === '' ? '' : ` — its stderr ends with: ${stderr}`;
}
