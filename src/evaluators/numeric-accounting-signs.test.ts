/**
 * The numeric metric on the sign of answers written as finance writes negatives — percentages and scale words
 * with accounting parentheses, a minus before them, small integers in parentheses that are values or footnote
 * marks. The options are those of the ConvFinQA sample (sample/financial-assistant/agent.yaml, read by
 * sample-numeric-rows.ts). One row per answer: the answer, the ground truth, whether it passes and the value read
 * from the answer (null when none is read). A wrong sign never passes.
 */
import { describe, expect, it } from 'vitest';
import {
  checkSampleNumericRow as check,
  type NumericRow as Row,
  SAMPLE_NUMERIC_METRIC as SAMPLE_METRIC,
} from '../../test/support/evaluators/sample-numeric-rows.js';
import { extractResponseNumber } from './extract-number.js';

describe('a percentage in accounting parentheses is negative', () => {
  it.each<Row>([
    ['(14.14%)', '0.14136', false, -14.14],
    ['(14.14%)', '-0.14136', true, -14.14],
    ['(21.05%)', '-0.21053', true, -21.05],
    ['(21.05%)', '0.21053', false, -21.05],
    ['(21.05)%', '-0.21053', true, -21.05],
    ['(21.05)%', '0.21053', false, -21.05],
    ['(14.14 %)', '-0.14136', true, -14.14],
    ['(14.14 %)', '0.14136', false, -14.14],
    ['(14.14 percent)', '-0.14136', true, -14.14],
    ['The margin fell to (14.14%).', '-0.14136', true, -14.14],
    ['The margin fell to (14.14%).', '0.14136', false, -14.14],
    ['Based on the table, the result is **(14.14%)**.', '-0.14136', true, -14.14],
    ['That comes to (14.14%), according to the figures reported.', '0.14136', false, -14.14],
    ['(1,234)', '-1234', true, -1234],
    ['(1,234)', '1234', false, -1234],
    ['($1,234)', '-1234', true, -1234],
    ['($1,234)', '1234', false, -1234],
  ])('%j against %s → passes %s, reads %s', async (...row) => check(row));
});

describe('a minus before accounting parentheses is not read: negative, or a double negative?', () => {
  it.each<Row>([
    ['-(14.14%)', '0.14136', false, null],
    ['-(14.14%)', '-0.14136', false, null],
    ['\u2212(14.14%)', '0.14136', false, null],
    ['\u2013(14.14%)', '-0.14136', false, null],
    ['The change is -(1,234).', '1234', false, null],
    ['The change is -(1,234).', '-1234', false, null],
    ['-$(1,234)', '1234', false, null],
  ])('%j against %s → passes %s', async (...row) => check(row));

  it('says why', () => {
    expect(extractResponseNumber('-(14.14%)', SAMPLE_METRIC)).toEqual({
      ok: false,
      reason:
        'the agent response\'s number "-(14.14%)" has both a minus sign and accounting parentheses: it may mean a negative or a double negative (a positive), so it is not read; write the sign once',
    });
  });
});

describe('a scale word after accounting parentheses applies as inside them', () => {
  it.each<Row>([
    ['(4) million', '4', false, -4e6],
    ['(4) million', '4000000', false, -4e6],
    ['(4) million', '-4000000', true, -4e6],
    ['(4) million', '-4', true, -4e6],
    ['$(4) million', '-4000000', true, -4e6],
    ['$(4) million', '4000000', false, -4e6],
    ['($4 million)', '-4000000', true, -4e6],
    ['($4 million)', '4000000', false, -4e6],
    ['The net loss was (4) million.', '-4000000', true, -4e6],
    ['(1.5) billion', '-1500000000', true, -1.5e9],
    ['(4)M', '-4000000', true, -4e6],
  ])('%j against %s → passes %s, reads %s', async (...row) => check(row));
});

describe('a small integer in parentheses: a value, or a footnote mark after a figure', () => {
  it.each<Row>([
    ['That comes to (21), according to the figures reported.', '-21', true, -21],
    ['That comes to (21), according to the figures reported.', '21', false, -21],
    ['The total is (21).', '-21', true, -21],
    ['The total is (21).', '21', false, -21],
    ['It was (21)', '-21', true, -21],
    ['(21)', '21', false, -21],
    ['The net change for FY19 (12)', '-12', true, -12],
    ['That comes to (2019), according to the figures reported.', '2019', false, -2019],
    // Footnote marks and citations: after a figure, glued to a word or a number, or superscript.
    ['Revenue: 25,587 (1)', '25587', true, 25587],
    ['Revenue: 25,587 (2019)', '25587', true, 25587],
    ['Revenue: $5.2 million (2)', '5200000', true, 5.2e6],
    ['Revenue: $5.2 million(2)', '5200000', true, 5.2e6],
    ['Revenue: 25,587(1)', '25587', true, 25587],
    ['Revenue(1): 25,587', '25587', true, 25587],
    ['Revenue: $5.2 million\u00b9', '5200000', true, 5.2e6],
    ['Revenue in 2019 (3): 25,587', '25587', true, 25587],
  ])('%j against %s → passes %s, reads %s', async (...row) => check(row));
});

describe('a footnote mark after a parenthesised figure, a percentage, a scale word or another mark', () => {
  it.each<Row>([
    ['Net loss: (1,234) (1)', '-1234', true, -1234],
    ['Net loss: (1,234) (1)', '-1', false, -1234],
    ['Net loss: $(4) million (1)', '-4000000', true, -4e6],
    ['Net loss: $(4) million (1)', '-1', false, -4e6],
    ['$(4) million (2019)', '-4000000', true, -4e6],
    ['$(4) million (2019)', '-2019', false, -4e6],
    ['Change: (14.14%) (2)', '-0.1414', true, -14.14],
    ['Change: (14.14%) (2)', '-2', false, -14.14],
    ['25,587\n\n(1) in thousands', '25587', true, 25587],
    ['25,587\n\n(1) in thousands', '-1', false, 25587],
    ['25,587\n  (1) in thousands', '25587', true, 25587],
    ['Net change 25,587 (1)(2)', '25587', true, 25587],
    ['Net change 25,587 (1)(2)', '-2', false, 25587],
    ['Net change 25,587 (1) (2)', '25587', true, 25587],
    // Still values: after words, and at the start of a line with no words after them.
    ['That comes to (21), according to the figures reported.', '-21', true, -21],
    ['That comes to (21), according to the figures reported.', '21', false, -21],
    ['The net change:\n(21)', '-21', true, -21],
    ['(see note) (21)', '-21', true, -21],
  ])('%j against %s → passes %s, reads %s', async (...row) => check(row));
});

describe('a minus parted by spaces from accounting parentheses is refused as -(…) is', () => {
  it.each<Row>([
    ['- (1,234)', '-1234', false, null],
    ['- (1,234)', '1234', false, null],
    ['- $(5)', '-5', false, null],
    ['- $(5)', '5', false, null],
    ['The change is \u2212 (14.14%).', '-0.1414', false, null],
    // A minus before a number without parentheses is no accounting negative: unchanged.
    ['- 5', '5', true, 5],
  ])('%j against %s → passes %s', async (...row) => check(row));
});
