/**
 * The address of a test case in a run (`#/run/<id>/case/<n>`, `/api/runs/<id>/cases/<n>`): its place in the
 * configuration's test cases, from the config snapshot the record and the in-progress log both keep. An
 * in-progress log lists cases as they finish and the record in configuration order, so a place in either list
 * would name another case once the run ends; the configuration's does not. A run whose snapshot does not name
 * every one of its cases (a record of an older holodeck or of another tool) is addressed by list position.
 */
import type { RunRecord } from './dashboard-types.js';

/** The names of the configuration's test cases, in order (a snapshot keeps names, or `{ name }` objects). */
function configuredNames(snapshot: unknown): readonly unknown[] {
  if (snapshot === null || typeof snapshot !== 'object' || Array.isArray(snapshot)) return [];
  const cases = (snapshot as { test_cases?: unknown }).test_cases;
  if (!Array.isArray(cases)) return [];
  return cases.map((entry: unknown) =>
    entry !== null && typeof entry === 'object' ? (entry as { name?: unknown }).name : entry,
  );
}

/** Each result's address, in the order of `record.report.results`. */
export function caseAddresses(record: Pick<RunRecord, 'metadata' | 'report'>): number[] {
  const { results } = record.report;
  const byName = new Map<string, number>();
  configuredNames(record.metadata.config_snapshot).forEach((name, index) => {
    if (typeof name === 'string' && !byName.has(name)) byName.set(name, index);
  });
  const addresses = results.map((result) => byName.get(result.test_name));
  const distinct = new Set(addresses);
  if (addresses.every((address) => address !== undefined) && distinct.size === addresses.length) {
    return addresses as number[];
  }
  return results.map((_, position) => position);
}
