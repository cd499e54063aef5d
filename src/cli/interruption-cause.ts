/**
 * Why a `holodeck test` run stopped before every selected case finished, as its report and record say it: a
 * crash (its description's first line, masked like every text of the run and cut), `--max-cost`, else a signal.
 */
import type { Redactor } from '../core/redactor.js';
import { CRASH_TEXT_MAX, type InterruptionCause } from '../core/results.js';

/**
 * `crash`: the crash that stopped the run (RunGuard.crash), if any; `budgetSpent`: `--max-cost` stopped
 * scheduling; `redactor`: the run's mask of secrets.
 */
export function interruptionCause(
  crash: string | null,
  budgetSpent: boolean,
  redactor: Pick<Redactor, 'text'>,
): InterruptionCause {
  if (crash !== null) return { reason: 'crash', error: crashText(crash, (text) => redactor.text(text)) };
  return { reason: budgetSpent ? 'max_cost' : 'signal' };
}

/** The first line, masked before it is cut (a cut secret would no longer match its mask), at most CRASH_TEXT_MAX. */
function crashText(crash: string, mask: (text: string) => string): string {
  const line = mask(crash.split('\n')[0] ?? '').trim();
  return line.length <= CRASH_TEXT_MAX ? line : `${line.slice(0, CRASH_TEXT_MAX - 1)}…`;
}
