import { describe, expect, it } from 'vitest';
import { conversationCase, singleCase } from '../../test/support/dashboard/sample-results.js';
import { passCounts } from '../core/pass-counts.js';
import type { MetricResult, TestResult, ToolAssertionResult } from '../core/results.js';
import { verdict } from '../core/status.js';
import { resultContradiction } from './record-contradiction.js';

const failing = singleCase('a', false);
const metric = failing.metric_results[0] as MetricResult;
const assertion: ToolAssertionResult = {
  tool: 'lookup',
  args: null,
  count: 1,
  passed: false,
  matched_call_index: -1,
  matching_calls: 0,
  reason: 'not called',
};

/** A single-turn case given `status`, whatever its results. */
function saying(result: TestResult, status: 'passed' | 'failed' | 'skipped'): TestResult {
  return { ...result, ...verdict(status) };
}

describe('a single-turn case checked against its own results', () => {
  it('is refused when it says passed though its metric failed', () => {
    expect(resultContradiction(saying(failing, 'passed'))).toBe(
      '.status: the case says "passed", its metric "equality" results give "failed"',
    );
  });

  it('is refused when it says passed or failed though its metric errored', () => {
    const errored = { ...failing, metric_results: [{ ...metric, score: null, passed: false, error: 'grader threw' }] };
    const problem = '.status: the case says "passed", its metric "equality" results give "error"';
    expect(resultContradiction(saying(errored, 'passed'))).toBe(problem);
    expect(resultContradiction(saying(errored, 'failed'))).toBe(problem.replace('says "passed"', 'says "failed"'));
  });

  it('is refused when it says passed or failed though it holds errors', () => {
    const errored = { ...failing, metric_results: [], errors: ['model request failed: HTTP 400'] };
    expect(resultContradiction(saying(errored, 'passed'))).toBe(
      '.status: the case says "passed", its errors give "error"',
    );
    expect(resultContradiction(saying(errored, 'failed'))).toBe(
      '.status: the case says "failed", its errors give "error"',
    );
    expect(resultContradiction(saying(errored, 'skipped'))).toBe(
      '.status: the case says "skipped", its errors give "error"',
    );
  });

  it('is refused when it says passed though its tools did not match', () => {
    const passing = singleCase('a', true);
    const unmatched = { ...passing, tools_matched: false, arg_match_details: [assertion] };
    expect(resultContradiction(saying(unmatched, 'passed'))).toBe(
      '.status: the case says "passed", its tool assertions give "failed"',
    );
    const detailsOnly = { ...passing, tools_matched: null, arg_match_details: [assertion] };
    expect(resultContradiction(saying(detailsOnly, 'passed'))).toBe(
      '.status: the case says "passed", its tool assertions give "failed"',
    );
  });

  it('reads one whose status is its results', () => {
    expect(resultContradiction(singleCase('a', true))).toBeNull();
    expect(resultContradiction(failing)).toBeNull();
    const skippedMetric = { ...metric, score: null, passed: null, skipped: true };
    expect(resultContradiction({ ...singleCase('a', true), metric_results: [skippedMetric] })).toBeNull();
  });

  it('reads one stricter than its results', () => {
    expect(resultContradiction(saying(singleCase('a', true), 'failed'))).toBeNull();
    const errored = { ...failing, errors: ['model request failed: HTTP 400'], ...verdict('error') };
    expect(resultContradiction(errored)).toBeNull();
  });

  it('checks each repeat, not the case: its fields are its first repeat, whatever its status', () => {
    const repeats = [singleCase('r', false), singleCase('r', true)];
    const stats = { ...passCounts(repeats.map((repeat) => repeat.status)), min_pass_rate: 0.5 };
    const repeated = { ...singleCase('r', false), ...verdict('passed'), repeats, repeat_stats: stats };
    expect(resultContradiction(repeated)).toBeNull();
    const edited = { ...repeated, repeats: [saying(singleCase('r', false), 'passed'), singleCase('r', true)] };
    expect(resultContradiction(edited)).toBe(
      '.repeats.0.status: the case says "passed", its metric "equality" results give "failed"',
    );
  });
});

describe('a turn checked against its own results', () => {
  it('is refused when it says passed though its metric failed, its case passed too', () => {
    const conversation = conversationCase('c', { failTurn: 1 });
    const turns = (conversation.turns ?? []).map((turn) => ({ ...turn, ...verdict('passed') }));
    expect(resultContradiction({ ...conversation, turns, ...verdict('passed') })).toBe(
      '.turns.1.status: the turn says "passed", its metric "numeric" results give "failed"',
    );
  });

  it('reads skipped turns as skipped', () => {
    expect(resultContradiction(conversationCase('c', { skipFrom: 1 }))).toBeNull();
  });
});
