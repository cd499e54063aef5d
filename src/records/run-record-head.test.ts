import { describe, expect, it } from 'vitest';
import { storedRecord } from '../../test/support/records/stored-record.js';
import { sampleReport } from '../../test/support/reporters/report-scenarios.js';
import { summarizeMetrics } from '../core/metric-tally.js';
import { reportToJson } from '../reporters/to-report-json.js';
import { parseRunRecord, RunRecordError } from './run-record.js';
import { parseRunRecordHead } from './run-record-head.js';

const record = storedRecord;

function thrown(run: () => unknown): RunRecordError {
  try {
    run();
  } catch (error) {
    if (error instanceof RunRecordError) return error;
    throw error;
  }
  throw new Error('expected a RunRecordError');
}

describe('parseRunRecordHead', () => {
  it('gives the head and the metric figures of the whole record', () => {
    const text = JSON.stringify(record());
    const head = parseRunRecordHead(text, 'r.json');
    const whole = parseRunRecord(text, 'r.json');
    const { results, ...report } = whole.report;
    expect(head.report).toEqual(report);
    expect(head.metadata).toEqual(whole.metadata);
    expect(summarizeMetrics(head.evaluations)).toEqual(summarizeMetrics(results));
    expect(summarizeMetrics(results).length).toBeGreaterThan(0);
  });

  it('refuses a damaged head or metric with the same located error as the whole record', () => {
    const json = reportToJson(sampleReport());
    const [first] = json['results'] as object[];
    const badMetric = { ...json, results: [{ ...first, metric_results: [{ metric_name: 3 }] }] };
    const error = thrown(() => parseRunRecordHead(JSON.stringify(record(badMetric)), 'r.json'));
    expect(error.code).toBe('RUN_RECORD_INVALID');
    expect(error.message).toMatch(
      /^r\.json: not a valid run record: report\.results\.0\.metric_results\.0\.metric_name: /,
    );
    const newer = thrown(() => parseRunRecordHead(JSON.stringify({ ...record(), record_version: 7 }), 'r.json'));
    expect(newer.code).toBe('RUN_RECORD_UNSUPPORTED_VERSION');
    expect(thrown(() => parseRunRecordHead('{', 'r.json')).code).toBe('RUN_RECORD_INVALID_JSON');
  });

  it('leaves the rest of each result to the full read when the run is opened', () => {
    const json = reportToJson(sampleReport());
    const [first] = json['results'] as object[];
    const text = JSON.stringify(record({ ...json, results: [{ ...first, agent_response: 42 }] }));
    expect(parseRunRecordHead(text, 'r.json').evaluations).toHaveLength(1);
    expect(thrown(() => parseRunRecord(text, 'r.json')).message).toContain('report.results.0.agent_response: ');
  });
});
