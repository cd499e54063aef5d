import { dateAt } from './clock.js';

/**
 * The names holodeck gives run records: `<timestamp>` (`2026-12-02T12-30-05-123Z`), `-2`, `-3`… when runs start
 * in the same millisecond; the record is `<name>.json`, its log `<name>.partial.jsonl`. "The latest run" is
 * decided by these names alone: a record copied under a name of one's own (`baseline.json`) is never the latest
 * run, only what it is named as.
 */

const RUN_NAME = /^(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)(?:-([1-9]\d{0,5}))?$/;

/** A run's name split into its start time (as written in the name) and its attempt (1 for the first). */
export interface RunName {
  readonly stamp: string;
  readonly attempt: number;
}

/** The run name (`2026-…Z` or `2026-…Z-2`, without `.json`), or null for any other name. */
export function parseRunName(name: string): RunName | null {
  const match = RUN_NAME.exec(name);
  if (match === null) return null;
  return { stamp: match[1] as string, attempt: match[2] === undefined ? 1 : Number(match[2]) };
}

/** Oldest first: by start time, then attempt (`…Z` before `…Z-2`). */
export function compareRunNames(a: RunName, b: RunName): number {
  return a.stamp < b.stamp ? -1 : a.stamp > b.stamp ? 1 : a.attempt - b.attempt;
}

/** `2026-12-02T12:30:05.123Z` → `2026-12-02T12-30-05-123Z`: the start time as a run's name writes it (safe in file names on every OS). */
export function runStamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

/**
 * Whether `name` (a file's run name, parseRunName) is the one holodeck gives a run that started at `startedAt`
 * (`…Z`, or `…Z-N` for a run that started in the same millisecond as another). A record saved again under a
 * later name (`cp -p`), or under a name of one's own, is not named after its start.
 */
export function namedAfterStart(name: RunName | null, startedAt: string | null): boolean {
  const start = startedAt === null ? Number.NaN : Date.parse(startedAt);
  return name !== null && !Number.isNaN(start) && name.stamp === runStamp(dateAt(start));
}
