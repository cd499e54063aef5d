/** The `.partial.jsonl` log a run leaves before its record: its header line, then each finished case's result. */
import { type RunSpec, recordOf } from '../dashboard/write-records.js';

export function partialLogOf(spec: RunSpec): string {
  const record = recordOf(spec) as { run_id: string; metadata: Record<string, unknown>; report: object };
  const { finished_at: _finished, ...metadata } = record.metadata;
  const report = record.report as { agent_name: string; agent_config_path: string; timestamp: string };
  const header = {
    record_version: 2,
    run_id: record.run_id,
    agent_name: report.agent_name,
    agent_config_path: report.agent_config_path,
    timestamp: report.timestamp,
    holodeck_version: '0.1.0',
    metadata,
  };
  return [header, ...spec.results].map((line) => `${JSON.stringify(line)}\n`).join('');
}
