/**
 * Whether a run record is a copy of another (`cp -p` of a record under a later holodeck name): holodeck names a
 * run's file after the time it started and writes each run id to one file, so a file not named after its own
 * start, whose run id another record holds, is that run saved twice, not a later run. `latest` skips it, as the
 * dashboard lists it as a copy. A run named after a record dated ahead of the clock (named 1 ms after it) holds
 * a run id of its own, so it is no copy.
 */
import { namedAfterStart, type RunName } from '../../core/run-record-name.js';
import { readRunRecord } from '../../records/run-record.js';

interface NamedRecord {
  readonly path: string;
  readonly name: RunName;
}

export async function isRecordCopy(candidate: NamedRecord, others: readonly NamedRecord[]): Promise<boolean> {
  const record = await readRunRecord(candidate.path).catch(() => null);
  if (record === null) return false;
  if (Number.isNaN(Date.parse(record.report.timestamp))) return false;
  if (namedAfterStart(candidate.name, record.report.timestamp)) return false;
  for (const other of others) {
    if (other.path === candidate.path) continue;
    const held = await readRunRecord(other.path).catch(() => null);
    if (held?.run_id === record.run_id) return true;
  }
  return false;
}
