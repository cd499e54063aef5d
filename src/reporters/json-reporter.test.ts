import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assertion, call, metric, reportOf, singleTurnResult } from '../../test/support/reporters/report-fixtures.js';
import { sampleReport } from '../../test/support/reporters/report-scenarios.js';
import { createJsonReporter, renderJsonReport, resultsElement } from './json-reporter.js';
import { testResultToJson } from './to-report-json.js';

const TEST_RESULT_KEYS = [
  'test_name',
  'test_input',
  'agent_response',
  'ground_truth',
  'expected_tools',
  'tool_calls',
  'tool_invocations',
  'tools_matched',
  'metric_results',
  'status',
  'passed',
  'execution_time_ms',
  'token_usage',
  'errors',
  'timestamp',
];

describe('JSON report', () => {
  it('has exactly the fields of PRODUCT.md §7, in order', () => {
    const json = JSON.parse(renderJsonReport(sampleReport()));
    expect(Object.keys(json)).toEqual([
      'agent_name',
      'agent_config_path',
      'timestamp',
      'holodeck_version',
      'summary',
      'results',
    ]);
    expect(Object.keys(json.summary)).toEqual([
      'total_tests',
      'passed',
      'failed',
      'errored',
      'skipped',
      'pass_rate',
      'total_turns',
      'passed_turns',
      'failed_turns',
      'errored_turns',
      'skipped_turns',
      'tool_errors',
      'metrics',
      'duration_ms',
      'token_usage',
    ]);
    expect(Object.keys(json.results[0])).toEqual(TEST_RESULT_KEYS);
    const single = singleTurnResult({ test_name: 'args', arg_match_details: [assertion({ tool: 'subtract' })] });
    const withDetail = JSON.parse(renderJsonReport(reportOf([single]))).results[0];
    expect(Object.keys(withDetail)).toEqual([
      ...TEST_RESULT_KEYS.slice(0, TEST_RESULT_KEYS.indexOf('metric_results')),
      'arg_match_details',
      ...TEST_RESULT_KEYS.slice(TEST_RESULT_KEYS.indexOf('metric_results')),
    ]);
    expect(Object.keys(json.results[1])).toEqual([...TEST_RESULT_KEYS, 'turns']);
    expect(Object.keys(json.results[1].turns[1])).toEqual([
      'turn_index',
      'input',
      'response',
      'ground_truth',
      'expected_tools',
      'tool_calls',
      'tool_invocations',
      'tools_matched',
      'arg_match_details',
      'metric_results',
      'status',
      'passed',
      'skipped',
      'execution_time_ms',
      'token_usage',
      'errors',
      'grader_details',
      'retries',
    ]);
    expect(Object.keys(json.results[1].metric_results[0])).toEqual([
      'metric_name',
      'kind',
      'score',
      'threshold',
      'passed',
      'skipped',
      'error',
      'reasoning',
      'details',
      'evaluation_time_ms',
    ]);
  });

  it('keeps the values of the report, including per-turn detail', () => {
    const report = sampleReport();
    const json = JSON.parse(renderJsonReport(report));
    expect(json).toEqual(JSON.parse(JSON.stringify(report)));
    expect(json.results[2].turns[1].arg_match_details[0].reason).toBe(
      `arg 'b' mismatch: expected ≈"181001", got 180000`,
    );
    expect(json.results[2].turns[2]).toMatchObject({ turn_index: 2, skipped: true, passed: false });
  });

  it('writes runtime values as plain JSON: undefined results become null, nothing is dropped', () => {
    const result = singleTurnResult({
      test_name: 'odd values',
      tool_invocations: [call('noop', { when: new Date(0), big: 10n, skip: undefined }, undefined)],
      metric_results: [metric({ metric_name: 'm', score: Number.NaN })],
    });
    const json = JSON.parse(renderJsonReport(reportOf([result])));
    expect(json.results[0].tool_invocations[0]).toEqual({
      name: 'noop',
      args: { when: '1970-01-01T00:00:00.000Z', big: '10' },
      result: null,
      error: null,
      duration_ms: 3,
    });
    expect(json.results[0].metric_results[0].score).toBeNull();
  });
});

describe('createJsonReporter', () => {
  let dir: string | null = null;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = null;
  });

  it('hands the report to the given writer when the run ends', async () => {
    const writes: [string, string][] = [];
    const reporter = createJsonReporter({ path: 'out.json', writeFile: async (p, d) => void writes.push([p, d]) });
    await reporter.onEnd?.(sampleReport(), 'interrupted');
    expect(writes).toHaveLength(1);
    expect(writes[0]?.[0]).toBe('out.json');
    expect(JSON.parse(writes[0]?.[1] ?? '').summary.total_tests).toBe(4);
  });

  it('says an interrupted run is one, and how many of its test cases did not run', async () => {
    const writes: string[] = [];
    const reporter = createJsonReporter({ path: 'out.json', writeFile: async (_p, d) => void writes.push(d) });
    const interrupted = { ...sampleReport(), interrupted: { selected_tests: 10, not_run: 6 } };
    await reporter.onEnd?.(interrupted, 'interrupted');
    const written = JSON.parse(writes[0] ?? '');
    expect(written.interrupted).toEqual({ selected_tests: 10, not_run: 6 });
    expect(Object.keys(written).indexOf('interrupted')).toBeLessThan(Object.keys(written).indexOf('summary'));
    await reporter.onEnd?.(sampleReport(), 'completed');
    expect(JSON.parse(writes[1] ?? '')).not.toHaveProperty('interrupted');
  });

  it('writes the file through node:fs by default, creating parent folders', async () => {
    dir = await mkdtemp(join(tmpdir(), 'holodeck-json-'));
    const path = join(dir, 'nested', 'deeper', 'report.json');
    await createJsonReporter({ path }).onEnd?.(sampleReport(), 'completed');
    expect(JSON.parse(await readFile(path, 'utf8')).agent_name).toBe('financial-assistant');
  });
});

describe('resultsElement', () => {
  it('writes a value as an element of `results` in the whole report: four spaces before each line', () => {
    const values: unknown[] = [
      { a: 1, b: [1, { c: 'two\nlines' }], d: {}, e: [], f: null },
      [],
      {},
      'text "quoted"\n',
      42,
      null,
    ];
    for (const value of values) {
      const whole = JSON.stringify({ results: [value] }, null, 2);
      const element = resultsElement(value);
      expect(whole).toBe(`{\n  "results": [\n${element}\n  ]\n}`);
      expect(element.split('\n').every((line) => line.startsWith('    '))).toBe(true);
    }
  });
});

describe('testResultToJson', () => {
  it('builds a result once per text cap: the run record and the JSON report share it', () => {
    const result = singleTurnResult({ test_name: 'long answer', agent_response: 'x'.repeat(50) });
    const first = testResultToJson(result);
    expect(testResultToJson(result)).toBe(first);
    const capped = testResultToJson(result, { max_text_length: 10 });
    expect(capped).not.toBe(first);
    expect(String(capped['agent_response']).startsWith('xxxxxxxxxx')).toBe(true);
    expect(capped['agent_response']).not.toBe('x'.repeat(50));
    expect(testResultToJson(result, { max_text_length: 10 })).toBe(capped);
    // Kept by the result object itself: a copy is rendered afresh, to the same JSON.
    const again = testResultToJson(result);
    const copy = testResultToJson({ ...result });
    expect(copy).not.toBe(again);
    expect(copy).toEqual(again);
  });
});
