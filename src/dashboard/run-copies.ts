/**
 * Records that are copies of another: holodeck writes each run (its `run_id`) to one file, which `--resume`
 * completes in place, so two files of one run id are one run saved twice — a `backup.json`, a re-downloaded
 * artifact renamed, a run copied into another agent's folder. The run is the file holodeck named first (by the
 * file named after the run's start time, then by the command line's order of names, run-order.ts), a name of one's own only when no file of holodeck's name has it;
 * every other file of its run id is a copy of it, listed as such and left out of trends and histories.
 */
import { namedAfterStart, parseRunName } from '../core/run-record-name.js';
import type { RunSummary } from './dashboard-types.js';
import { compareRunIds } from './run-order.js';

function ownName(id: string): boolean {
  return parseRunName(id.slice(id.indexOf('/') + 1)) === null;
}

/** The run first: the file named after its start, then holodeck's names before names of one's own, the oldest first. */
function originalFirst(started: ReadonlyMap<string, string | null>): (a: string, b: string) => number {
  const after = (id: string) => namedAfterStart(parseRunName(id.slice(id.indexOf('/') + 1)), started.get(id) ?? null);
  return (a, b) =>
    Number(after(b)) - Number(after(a)) || Number(ownName(a)) - Number(ownName(b)) || compareRunIds(a, b);
}

/** Each copy's id, with the id of the run it copies. */
export function copiesOf(runs: Iterable<RunSummary>): Map<string, string> {
  const byRunId = new Map<string, string[]>();
  const started = new Map<string, string | null>();
  for (const run of runs) {
    started.set(run.id, run.started_at);
    if (run.record_run_id === null) continue;
    const ids = byRunId.get(run.record_run_id);
    if (ids === undefined) byRunId.set(run.record_run_id, [run.id]);
    else ids.push(run.id);
  }
  const copies = new Map<string, string>();
  for (const ids of byRunId.values()) {
    if (ids.length < 2) continue;
    const [original, ...others] = ids.sort(originalFirst(started));
    for (const id of others) copies.set(id, original as string);
  }
  return copies;
}
