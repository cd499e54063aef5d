import { describe, expect, it } from 'vitest';
import { buildModelMatrix } from '../core/model-matrix.js';
import type { ReportSummary } from '../core/results.js';
import { ZERO_USAGE } from '../core/token-usage.js';
import { createPalette } from './ansi.js';
import { costText, formatMatrixTable, renderMatrixMarkdown } from './matrix-table.js';

function summary(passed: number, total: number, cost: number | null | undefined): ReportSummary {
  return {
    total_tests: total,
    passed,
    failed: total - passed,
    errored: 0,
    skipped: 0,
    pass_rate: total === 0 ? 0 : passed / total,
    total_turns: total,
    passed_turns: passed,
    failed_turns: total - passed,
    errored_turns: 0,
    skipped_turns: 0,
    duration_ms: 10,
    token_usage: { ...ZERO_USAGE, total_tokens: 1234 },
    ...(cost === undefined ? {} : { cost_usd: cost }),
  };
}

const matrix = buildModelMatrix('cmp-1', [
  {
    model: 'openai:a',
    summary: summary(2, 2, 0.0123),
    cases: [
      { index: 1, test_name: 'second', status: 'passed', execution_time_ms: 300 },
      { index: 0, test_name: 'first', status: 'passed', execution_time_ms: 100 },
    ],
  },
  {
    model: 'ollama:b',
    summary: summary(0, 2, null),
    cases: [{ index: 0, test_name: 'first', status: 'error', execution_time_ms: 50 }],
  },
]);

describe('model matrix table', () => {
  it('rows follow the suite order; a case a model did not finish is "not run"; an unknown cost is unknown', () => {
    expect(matrix.rows).toEqual([
      { test_name: 'first', statuses: ['passed', 'error'], repeats: [null, null], differs: true },
      { test_name: 'second', statuses: ['passed', null], repeats: [null, null], differs: true },
    ]);
    expect(formatMatrixTable(matrix, createPalette(false))).toEqual([
      'Model matrix · 2 test cases × 2 models · comparison cmp-1',
      '',
      '  test case      openai:a       ollama:b',
      '  first          ✓ passed       ! error      ← differs',
      '  second         ✓ passed         not run    ← differs',
      '  ────────────────────────────────────────',
      '  pass rate      100.0% (2/2)   0.0% (0/2)',
      '  mean latency   200ms          50ms',
      '  tokens         1,234          1,234',
      '  cost           $0.0123        unknown',
    ]);
    expect(renderMatrixMarkdown(matrix)).toContain('| second | ✅ passed | not run |\n');
    expect(renderMatrixMarkdown(matrix)).toContain('| cost | $0.0123 | unknown |\n');
  });

  it('gives, with --repeat, how many repeats of each case passed beside its verdict', () => {
    const repeated = buildModelMatrix('cmp-2', [
      {
        model: 'openai:a',
        summary: summary(1, 1, 0),
        cases: [
          { index: 0, test_name: 'italy', status: 'passed', execution_time_ms: 1, repeats: { passed: 5, runs: 5 } },
        ],
      },
      {
        model: 'openai:b',
        summary: summary(1, 1, 0),
        cases: [
          { index: 0, test_name: 'italy', status: 'passed', execution_time_ms: 1, repeats: { passed: 3, runs: 5 } },
        ],
      },
    ]);
    expect(formatMatrixTable(repeated, createPalette(false))[3]).toBe('  italy          ✓ passed 5/5   ✓ passed 3/5');
    expect(renderMatrixMarkdown(repeated)).toContain('| italy | ✅ passed 5/5 | ✅ passed 3/5 |\n');
  });

  it('never writes an unknown price as $0', () => {
    expect(costText({ cost_usd: null })).toBe('unknown');
    expect(costText({})).toBe('unknown');
    expect(costText({ cost_usd: 0 })).toBe('$0');
    expect(costText({ cost_usd: 0.0123 })).toBe('$0.0123');
    const partly = { agent_usd: 0.01, judge_usd: null, priced_usd: 0.01, unpriced_models: ['openai:judge'] };
    expect(costText({ cost_usd: null, cost: { ...partly, judge_calls: 1, judge_token_usage: ZERO_USAGE } })).toBe(
      '≥ $0.01',
    );
  });
});
