/**
 * Runs are ordered by the time in their names. A run named after a time still to come — its machine's clock was
 * ahead, or this one's has been set back since — would stay "the latest run" (of `--last-failed`, `--resume`,
 * `compare latest`, the dashboard) until the clock passes it: a new run is then named just after it, so that
 * it comes after it, and that is said with the run it follows.
 */
import { join, relative } from 'node:path';
import { dateAt } from '../../core/clock.js';
import { formatDuration } from '../../reporters/format-numbers.js';
import { fileTimestamp } from '../../reporters/run-record-path.js';
import { listRunFiles } from './list-run-files.js';

export interface AfterAhead {
  /** The time the new run's record is named after (the newest run's, plus a millisecond). */
  readonly named_at: string;
  readonly warning: string;
}

/** Null when the newest run of the folder is not dated after `now` (or the folder holds none). */
export async function afterRunAhead(resultsDir: string, folder: string, now: Date): Promise<AfterAhead | null> {
  const listed = await listRunFiles(folder);
  const newest = listed.ok ? listed.runs[0] : undefined;
  if (newest === undefined) return null;
  const dated = Date.parse(newest.name.stamp.replace(/^(.{10}T\d\d)-(\d\d)-(\d\d)-(\d{3})Z$/, '$1:$2:$3.$4Z'));
  if (!Number.isFinite(dated) || dated <= now.getTime()) return null;
  const named = dateAt(dated + 1);
  const id = relative(resultsDir, join(folder, newest.stem)).replace(/\\/g, '/');
  const warning =
    `warning: the newest run of this agent, ${id}, is dated ${dateAt(dated).toISOString()}, ` +
    `${formatDuration(dated - now.getTime())} after this machine's clock (a clock set back since, or one that was ahead where it ran): ` +
    `runs are ordered by the time in their names, so this run is named after it (${fileTimestamp(named)}) to come after it, ` +
    'as new runs are until the clock passes it';
  return { named_at: named.toISOString(), warning };
}
