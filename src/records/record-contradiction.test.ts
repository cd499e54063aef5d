import { describe, expect, it } from 'vitest';
import { conversationCase, singleCase } from '../../test/support/dashboard/sample-results.js';
import { recordOf } from '../../test/support/dashboard/write-records.js';
import { passCounts } from '../core/pass-counts.js';
import type { TestResult } from '../core/results.js';
import { parseRunRecord, RunRecordError } from './run-record.js';

type Json = Record<string, unknown>;

function refusal(record: Json): string {
  try {
    parseRunRecord(JSON.stringify(record), 'r.json');
  } catch (error) {
    if (error instanceof RunRecordError && error.code === 'RUN_RECORD_INVALID') return error.message;
    throw error;
  }
  return 'read';
}

function recordWith(results: readonly TestResult[]): Json & { report: Json & { summary: Json; results: Json[] } } {
  return recordOf({ startedAt: '2026-12-02T12:30:05.123Z', results }) as ReturnType<typeof recordWith>;
}

describe('a record that contradicts itself', () => {
  const results = [
    singleCase('a', true),
    singleCase('b', false),
    conversationCase('c', { failTurn: 1 }),
    conversationCase('d', {}),
  ];

  it('is read when its summary and statuses are those of its results', () => {
    expect(refusal(recordWith(results))).toBe('read');
  });

  it('is refused when its summary counts more passes than its results hold', () => {
    const record = recordWith(results);
    const summary = { ...record.report.summary, passed: 4, failed: 0, pass_rate: 1 };
    expect(refusal({ ...record, report: { ...record.report, summary } })).toBe(
      'r.json: the record contradicts itself: report.summary.passed: the summary says 4 passed, its results hold 2',
    );
    const turns = { ...record.report.summary, passed_turns: 99 };
    expect(refusal({ ...record, report: { ...record.report, summary: turns } })).toContain(
      'report.summary.passed_turns: the summary says 99 passed turns, its results hold',
    );
    const rate = { ...record.report.summary, pass_rate: 1 };
    expect(refusal({ ...record, report: { ...record.report, summary: rate } })).toContain(
      'report.summary.pass_rate: the summary says 1, its results hold 2 passed of 4',
    );
  });

  it('is refused when a conversation says it passed though a turn errored', () => {
    const record = recordWith(results);
    const [first, second, third, fourth = {}] = record.report.results as Json[];
    const turns = (fourth['turns'] as Json[]).map((turn, index) =>
      index === 1 ? { ...turn, status: 'error', passed: false, errors: ['model timed out'] } : turn,
    );
    const edited = [first, second, third, { ...fourth, turns }];
    expect(refusal({ ...record, report: { ...record.report, results: edited } })).toBe(
      'r.json: the record contradicts itself: report.results.3.status: the case says "passed", its turns roll up to "error"',
    );
  });

  it('reads a conversation that errored by an error of its own while its turns passed', () => {
    const errored = { ...conversationCase('d', {}), status: 'error', passed: false, errors: ['session closed'] };
    expect(refusal(recordWith([errored as TestResult]))).toBe('read');
  });

  it('is refused when a repeated case says it passed below its min pass rate', () => {
    const repeats = [singleCase('r', true), singleCase('r', false)];
    const stats = { ...passCounts(repeats.map((repeat) => repeat.status)), min_pass_rate: 1 };
    const repeated = { ...singleCase('r', true), repeats, repeat_stats: stats };
    expect(refusal(recordWith([repeated]))).toBe(
      'r.json: the record contradicts itself: report.results.0.status: the case says "passed", its repeats give "failed"',
    );
    expect(refusal(recordWith([{ ...repeated, repeat_stats: { ...stats, min_pass_rate: 0.5 } }]))).toBe('read');
  });

  it('reads a record stricter than its results: a case failed its repeats would pass, a summary counting it failed', () => {
    // As an earlier holodeck wrote a --repeat 125 --min-pass-rate 7.2% run, rounding 9/125 against the case.
    const repeats = [singleCase('r', true), singleCase('r', false), singleCase('r', false)];
    const stats = { ...passCounts(repeats.map((repeat) => repeat.status)), min_pass_rate: 1 / 3 };
    const repeated = { ...singleCase('r', false), repeats, repeat_stats: stats };
    expect(refusal(recordWith([repeated]))).toBe('read');
    const record = recordWith(results);
    const stricter = { ...record.report.summary, passed: 1, failed: 3, pass_rate: 0.25 };
    expect(refusal({ ...record, report: { ...record.report, summary: stricter } })).toBe('read');
  });

  it('is refused when a case hides an error of its turns as a failure', () => {
    const record = recordWith(results);
    const [first, second, third, fourth = {}] = record.report.results as Json[];
    const turns = (fourth['turns'] as Json[]).map((turn, index) =>
      index === 1 ? { ...turn, status: 'error', passed: false, errors: ['model timed out'] } : turn,
    );
    const hidden = { ...fourth, turns, status: 'failed', passed: false };
    const summary = { ...record.report.summary, passed: 1, failed: 3 };
    expect(refusal({ ...record, report: { ...record.report, summary, results: [first, second, third, hidden] } })).toBe(
      'r.json: the record contradicts itself: report.results.3.status: the case says "failed", its turns roll up to "error"',
    );
  });
});
