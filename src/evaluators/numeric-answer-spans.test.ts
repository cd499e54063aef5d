/**
 * The numeric metric on answers that quote a duration, a change with its new level, a boxed answer in words, a
 * list of values after a result word, or an unworked calculation with a year. The options are those of the
 * ConvFinQA sample (relative_tolerance 0.001). One row per answer: the answer, the ground truth, whether it passes and the value read.
 */
import { describe, expect, it } from 'vitest';
import {
  checkSampleNumericRow as check,
  type NumericRow as Row,
  sampleNumericFailure as reasoning,
} from '../../test/support/evaluators/sample-numeric-rows.js';

describe('"over N years" is a time, not a division', () => {
  it.each<Row>([
    ['The rate of return is -21.08% over 5 years.', '-0.2108', true, -21.08],
    ['The stock returned -21.08% over 5 years.', '-0.2108', true, -21.08],
    ['The growth was 10.7% over 12 months.', '0.107', true, 10.7],
    ['The annualized growth is 3.5% over 2 years.', '0.035', true, 3.5],
    ['The total is 1,070 over 3 years.', '1070', true, 1070],
    ['The ratio is 1,070 over 3.', '356.67', false, null],
  ])('%j against %s → passes %s, reads %s', async (...row) => check(row));

  it('names the operand the cue chose when refusing', async () => {
    expect(await reasoning('The ratio is 1,070 over 3.', '356.67')).toContain('number "1,070" is an operand');
  });
});

describe('a percentage "to" an amount is a change and its new level, not a range', () => {
  it.each<Row>([
    ['The increase was 25.9% to $81.15 per share.', '0.259', true, 25.9],
    ['The percentage change was 10.7% to 6,823 million.', '0.107', true, 10.7],
    ['The margin is 12 to 14%.', '0.14', false, null],
    ['The margin is 12% to 14%.', '0.14', false, null],
  ])('%j against %s → passes %s, reads %s', async (...row) => check(row));
});

describe('a boxed number with words or a label is that number', () => {
  it.each<Row>([
    ['\\boxed{102.5 \\text{ million shares}}', '102.5', true, 102.5e6],
    ['\\boxed{662 \\text{ million dollars}}', '662', true, 662e6],
    ['662 million', '662', true, 662e6],
    ['\\boxed{\\$662\\text{M}}', '662', true, 662],
    ['\\boxed{\\text{Change} = -932}', '-932', true, -932],
    ['\\boxed{-13.4\\% \\text{ (decrease)}}', '-0.134', true, -13.4],
    ['\\boxed{25.9\\% \\text{ increase}}', '0.259', true, 25.9],
    ['\\boxed{662 \\text{ and } 6161}', '662', false, null],
  ])('%j against %s → passes %s, reads %s', async (...row) => check(row));
});

describe('"gives" and "totals" mark no answer in a sentence that lists other values', () => {
  it.each<Row>([
    ['The table gives 6,823 for 2013 and 6,161 for 2012; the difference: 662.', '662', true, 662],
    ['The 2013 value totals 6,823 and 2012 totals 6,161; difference 662.', '662', true, 662],
    ["Subtracting gives 662; relative to 2012 that's roughly 10.7%.", '0.107', true, 10.7],
  ])('%j against %s → passes %s, reads %s', async (...row) => check(row));
});

describe('an unworked calculation is not answered by a year', () => {
  it.each<Row>([
    ['The change is 6,823 minus 6,161, computed for 2013.', '2013', false, null],
    ['The change is 6,823 minus 6,161, which leaves 662 for 2013.', '2013', true, 2013],
  ])('%j against %s → passes %s, reads %s', async (...row) => check(row));

  it('names the operand the cue chose', async () => {
    expect(await reasoning('The change is 6,823 minus 6,161, computed for 2013.', '2013')).toContain(
      'number "6,823" is an operand',
    );
  });
});

describe('"difference between A and B" holds operands, "between 2016 and 2017" a time', () => {
  it.each<Row>([
    ['662 million. This is the difference between 6,823 (2013) and 6,161 (2012).', '662', true, 662e6],
    ['The weighted average shares changed by -12.5 million between 2016 and 2017.', '-12.5', true, -12.5e6],
    ['Sold receivables rose by 1.7 billion from 2007 to 2008.', '1.7', true, 1.7e9],
  ])('%j against %s → passes %s, reads %s', async (...row) => check(row));
});
