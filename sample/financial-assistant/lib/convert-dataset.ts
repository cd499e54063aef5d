/**
 * A parsed `convfinqa_dataset.json` → the test cases of the selected dialogues, or every problem found.
 * Pure: the command-line script does the reading and writing.
 */

import { convertRecord, type TestCaseEntry } from './convert-record.js';
import { type CheckedRecord, checkRecord, RecordError } from './convfinqa-record.js';

export interface Selection {
  /** The top-level key of the dataset, e.g. "dev". */
  readonly split: string;
  /** Convert the first `first` records (all when null). */
  readonly first: number | null;
  /** Convert exactly these records, in this order (overrides `first`). */
  readonly ids: readonly string[] | null;
  readonly grader: string;
}

export type ConversionResult =
  | { readonly ok: true; readonly test_cases: readonly TestCaseEntry[]; readonly turn_count: number }
  | { readonly ok: false; readonly errors: readonly string[] };

export function convertDataset(dataset: unknown, selection: Selection): ConversionResult {
  const records = splitRecords(dataset, selection.split);
  if (typeof records === 'string') return { ok: false, errors: [records] };
  const picked = pickRecords(records, selection);
  if (!picked.ok) return picked;
  const errors: string[] = [];
  const checked: CheckedRecord[] = [];
  const seen = new Set<string>();
  for (const { raw, position } of picked.records) {
    try {
      const record = checkRecord(raw, position);
      if (seen.has(record.record.id))
        throw new RecordError(`"${record.record.id}" (${position})`, 'id', 'is a duplicate');
      seen.add(record.record.id);
      checked.push(record);
    } catch (error) {
      if (!(error instanceof RecordError)) throw error;
      errors.push(error.message);
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  const testCases = checked.map((record) => convertRecord(record, { grader: selection.grader }));
  const turnCount = testCases.reduce((sum, testCase) => sum + testCase.turns.length, 0);
  return { ok: true, test_cases: testCases, turn_count: turnCount };
}

function splitRecords(dataset: unknown, split: string): readonly unknown[] | string {
  if (typeof dataset !== 'object' || dataset === null || Array.isArray(dataset)) {
    return `the dataset must be an object keyed by split (e.g. {"${split}": [...]})`;
  }
  const records = (dataset as Record<string, unknown>)[split];
  if (records === undefined) {
    const found = Object.keys(dataset).join(', ') || 'none';
    return `the dataset has no "${split}" split (splits found: ${found})`;
  }
  if (!Array.isArray(records)) return `the "${split}" split must be a list of records`;
  return records;
}

interface PositionedRecord {
  readonly raw: unknown;
  readonly position: string;
}

function pickRecords(
  records: readonly unknown[],
  selection: Selection,
): { ok: true; records: PositionedRecord[] } | { ok: false; errors: string[] } {
  const positioned = records.map((raw, index) => ({ raw, position: `${selection.split}[${index}]` }));
  if (selection.ids === null) {
    return { ok: true, records: selection.first === null ? positioned : positioned.slice(0, selection.first) };
  }
  const byId = new Map<string, PositionedRecord>();
  for (const record of positioned) {
    const id = typeof record.raw === 'object' && record.raw !== null ? (record.raw as { id?: unknown }).id : undefined;
    if (typeof id === 'string' && !byId.has(id)) byId.set(id, record);
  }
  const missing = selection.ids.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    return { ok: false, errors: missing.map((id) => `no record with id "${id}" in the "${selection.split}" split`) };
  }
  return { ok: true, records: selection.ids.map((id) => byId.get(id) as PositionedRecord) };
}
