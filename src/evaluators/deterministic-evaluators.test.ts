/** SC-008: the built-in equality and numeric evaluators on an acceptance matrix. */
import { describe, expect, it } from 'vitest';
import type { Evaluator } from '../core/evaluator.js';
import { createEqualityEvaluator } from './equality.js';
import { createNumericEvaluator } from './numeric.js';

const base = { type: 'standard', name: 'm', enabled: true, threshold: null } as const;
const equalityFlags = { case_insensitive: false, strip_whitespace: false, strip_punctuation: false };
const numericOptions = {
  absolute_tolerance: 1e-6,
  relative_tolerance: 0,
  accept_percent: false,
  accept_thousands_separators: false,
};

function equality(flags: Partial<typeof equalityFlags> = {}): Evaluator {
  return createEqualityEvaluator({ ...base, metric: 'equality', ...equalityFlags, ...flags });
}

function numeric(options: Partial<typeof numericOptions> = {}): Evaluator {
  return createNumericEvaluator({ ...base, metric: 'numeric', ...numericOptions, ...options });
}

const MATRIX: ReadonlyArray<[string, Evaluator, string, string, boolean]> = [
  ['equality: exact string', equality(), '25587', '25587', true],
  ['equality: exact string differs', equality(), '25587', '25588', false],
  ['equality: case differs, strict', equality(), 'yes', 'Yes', false],
  ['equality: case differs, case_insensitive', equality({ case_insensitive: true }), 'yes', 'Yes', true],
  ['equality: punctuation, case_insensitive only', equality({ case_insensitive: true }), 'yes.', 'Yes', false],
  [
    'equality: punctuation and case stripped',
    equality({ case_insensitive: true, strip_punctuation: true }),
    'yes.',
    'Yes',
    true,
  ],
  ['equality: whitespace, strict', equality(), '  net  cash ', 'net cash', false],
  ['equality: whitespace stripped', equality({ strip_whitespace: true }), '  net \n cash ', 'net cash', true],
  ['equality: inner space is not removed', equality({ strip_whitespace: true }), 'netcash', 'net cash', false],
  ['equality: empty response', equality({ strip_whitespace: true }), '', 'x', false],
  ['numeric: integer vs float', numeric(), '25587.0', '25587', true],
  ['numeric: float vs integer ground truth', numeric(), '25587', '25587.000', true],
  ['numeric: wrong answer', numeric(), '25000', '25587', false],
  ['numeric: answer in a sentence', numeric(), 'The change from 2008 is 25587.', '25587', true],
  [
    'numeric: percent, accepted',
    numeric({ accept_percent: true, absolute_tolerance: 0.01 }),
    '14.14%',
    '0.14136',
    true,
  ],
  ['numeric: percent, not accepted', numeric({ absolute_tolerance: 0.01 }), '14.14%', '0.14136', false],
  [
    'numeric: a percentage is never read as written (100x slip)',
    numeric({ accept_percent: true }),
    '14.14%',
    '14.14',
    false,
  ],
  ['numeric: percent on both sides', numeric({ accept_percent: true }), '14.14%', '14.14%', true],
  ['numeric: thousands separators, accepted', numeric({ accept_thousands_separators: true }), '25,587', '25587', true],
  ['numeric: thousands separators, not accepted', numeric(), '25,587', '25587', false],
  ['numeric: absolute tolerance, inside', numeric({ absolute_tolerance: 0.01 }), '25587.01', '25587', true],
  ['numeric: absolute tolerance, outside', numeric({ absolute_tolerance: 0.01 }), '25587.02', '25587', false],
  ['numeric: default tolerance catches float noise', numeric(), '0.30000000000000004', '0.3', true],
  ['numeric: default tolerance fails a real difference', numeric(), '0.3001', '0.3', false],
  [
    'numeric: relative tolerance, inside',
    numeric({ relative_tolerance: 0.01, absolute_tolerance: 0 }),
    '101',
    '100',
    true,
  ],
  [
    'numeric: relative tolerance, outside',
    numeric({ relative_tolerance: 0.01, absolute_tolerance: 0 }),
    '102',
    '100',
    false,
  ],
  ['numeric: negative, boundary inside', numeric({ absolute_tolerance: 0.25 }), '-1.25', '-1.5', true],
  ['numeric: negative, boundary outside', numeric({ absolute_tolerance: 0.25 }), '-1.2', '-1.5', false],
  [
    'numeric: negative relative boundary',
    numeric({ relative_tolerance: 0.5, absolute_tolerance: 0 }),
    '-1',
    '-2',
    true,
  ],
  ['numeric: sign matters', numeric({ absolute_tolerance: 0.01 }), '25587', '-25587', false],
  ['numeric: empty response', numeric({ absolute_tolerance: 1e9 }), '', '0', false],
  ['numeric: no number', numeric({ absolute_tolerance: 1e9 }), 'n/a', '0', false],
];

describe('SC-008 equality and numeric matrix', () => {
  it.each(MATRIX)('%s', async (_label, evaluator, response, truth, passed) => {
    const outcome = await evaluator.evaluate({
      test_case_name: 't',
      turn_index: 0,
      turn_input: 'q',
      agent_response: response,
      ground_truth: truth,
      retrieval_context: null,
      tool_invocations: [],
      turn_config: {},
      turn: {},
      earlier_turns: [],
      signal: new AbortController().signal,
    });
    expect(outcome.passed).toBe(passed);
    expect(outcome.score).toBe(passed ? 1 : 0);
  });

  it('has at least 15 rows', () => {
    expect(MATRIX.length).toBeGreaterThanOrEqual(15);
  });
});
