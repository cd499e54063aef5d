/**
 * The order of runs that started at the same time, as the command line orders them (`latest` in
 * core/run-record-name.ts): by the `-N` suffix holodeck adds to the name of a run that started in the same
 * millisecond as another, as a number (`…Z-12` after `…Z-9`), never as text. A record under a name of one's own
 * (`backup.json`) is never the latest run: it comes before holodeck's names of the same start.
 */
import { compareRunNames, parseRunName } from '../core/run-record-name.js';

/** The file name part of `<agent-slug>/<timestamp>`. */
function timestampOf(id: string): string {
  return id.slice(id.indexOf('/') + 1);
}

function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Oldest first, by name alone: names of one's own, then holodeck's by start and attempt; ties by id. */
export function compareRunIds(a: string, b: string): number {
  const nameA = parseRunName(timestampOf(a));
  const nameB = parseRunName(timestampOf(b));
  if (nameA === null || nameB === null) {
    return Number(nameA !== null) - Number(nameB !== null) || byText(a, b);
  }
  return compareRunNames(nameA, nameB) || byText(a, b);
}
