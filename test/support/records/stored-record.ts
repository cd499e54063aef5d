/** A run record as `holodeck test` stores it (version 2, completed), around a report in its JSON form. */
import { reportToJson } from '../../../src/reporters/to-report-json.js';
import { sampleReport } from '../reporters/report-scenarios.js';

export function storedRecord(report: object = reportToJson(sampleReport())) {
  return {
    record_version: 2,
    run_id: 'r1',
    state: 'completed',
    metadata: {
      cli_args: ['test'],
      config_snapshot: { name: 'a' },
      git_commit: null,
      holodeck_version: '0.1.0',
      node_version: 'v20.19.0',
      backend: 'module',
      model: { provider: 'ollama', name: 'llama3' },
      started_at: '2026-12-02T12:30:05.123Z',
      finished_at: '2026-12-02T12:31:05.123Z',
    },
    report,
  };
}
