/**
 * The numeric metric on answers whose number is marked or unmarked as the answer by what stands around it:
 * `\boxed{…}` and LaTeX's `\%`, a minus set apart from its number, ranges, operands of a calculation, and the words
 * that state a result. The options are those of the ConvFinQA sample. One row per answer: the answer, the ground
 * truth, whether it passes and the value read from the answer (null when none is read).
 */
import { describe, expect, it } from 'vitest';
import {
  checkSampleNumericRow as check,
  type NumericRow as Row,
  sampleNumericFailure as reasoning,
} from '../../test/support/evaluators/sample-numeric-rows.js';

describe('\\boxed{…} is the final answer, the last one wins', () => {
  it.each<Row>([
    ['206588 - 181001 = 25587, so dividing gives \\boxed{0.1414}', '25587', false, 0.1414],
    ['206588 - 181001 = 25587, so dividing gives \\boxed{0.1414}', '0.1414', true, 0.1414],
    ['$\\boxed{14.1}$', '14.1', true, 14.1],
    ['$\\boxed{14.1}$', '25587', false, 14.1],
    ['The change is **25,587**, so the ratio is $\\boxed{0.1414}$.', '25587', false, 0.1414],
    ['First \\boxed{25587}, then after checking: \\boxed{0.1414}', '25587', false, 0.1414],
    ['The answer: $\\boxed{25{,}587}$', '25587', true, 25587],
    ['$\\boxed{\\$25,587}$', '25587', true, 25587],
    ['$\\boxed{14.1\\text{ billion}}$', '14100000000', true, 14.1e9],
    ['$\\boxed{\\frac{25587}{181001}}$', '25587', false, null],
  ])('%j against %s → passes %s, reads %s', async (...row) => check(row));

  it('says when the boxed answer is not one number', async () => {
    expect(await reasoning('$\\boxed{\\frac{25587}{181001}}$', '25587')).toContain('\\boxed{\\frac{25587}{181001}}');
  });
});

describe('LaTeX \\% is a percent sign', () => {
  it.each<Row>([
    ['\\boxed{-12.5\\%}', '-0.125', true, -12.5],
    ['\\boxed{-12.5\\%}', '-12.5', false, -12.5],
    ['The margin is $12.5\\%$.', '0.125', true, 12.5],
    ['The margin is $12.5\\%$.', '12.5', false, 12.5],
  ])('%j against %s → passes %s, reads %s', async (...row) => check(row));
});

describe('a minus set apart from its number after a word or colon is an ambiguous sign', () => {
  it.each<Row>([
    ['The change was - 25,587', '25587', false, null],
    ['The change was - 25,587', '-25587', false, null],
    ['The change was \u2013 25,587', '25587', false, null],
    ['The change was \u2212 25,587', '25587', false, null],
    ['Net change: - $25,587', '25587', false, null],
    // A list bullet, a subtraction and a minus against its number are read as before.
    ['- 25,587', '25587', true, 25587],
    ['Net change:\n- 25,587', '25587', true, 25587],
    ['206,588 - 181,001 = 25,587', '25587', true, 25587],
    ['The change was -25,587', '-25587', true, -25587],
  ])('%j against %s → passes %s, reads %s', async (...row) => check(row));

  it('names the text in its reason', async () => {
    expect(await reasoning('The change was - 25,587', '25587')).toContain('"The change was - 25,587"');
  });
});

describe('an end of a range is not one answer', () => {
  it.each<Row>([
    ['The margin is between 12% and 14%', '0.14', false, null],
    ['between 12% and 14%', '0.14', false, null],
    ['Margins were 12-14%', '0.14', false, null],
    ['Margins were 12\u201314%', '0.14', false, null],
    ['Margins were 12 to 14%', '0.14', false, null],
    ['The margin is 12% to 14%.', '0.12', false, null],
    // A change from one value to another, a subtraction, a year span away from the answer.
    ['The margin went from 12% to 14%', '0.14', true, 14],
    ['206,588-181,001 = 25,587', '25587', true, 25587],
    ['Over 2008-2009 the change was 25,587.', '25587', true, 25587],
  ])('%j against %s → passes %s, reads %s', async (...row) => check(row));

  it('says the answer is a range', async () => {
    expect(await reasoning('Margins were 12-14%', '0.14')).toContain('range');
  });
});

describe('an operand of a calculation is not its result', () => {
  it.each<Row>([
    ['The change is 25,587 divided by 181,001, roughly 14.1%', '25587', false, 14.1],
    ['The change is 25,587 divided by 181,001', '25587', false, null],
    ['25,587 — computed as 206,588 minus 181,001.', '181001', false, 25587],
    ['25,587 — computed as 206,588 minus 181,001.', '25587', true, 25587],
    ['The ratio is 25,587 / 181,001', '25587', false, null],
    ['The ratio is 25,587 × 2 and more', '25587', false, null],
    ['The change is 25,587 over the two years', '25587', true, 25587],
  ])('%j against %s → passes %s, reads %s', async (...row) => check(row));

  it('says the number is an operand', async () => {
    expect(await reasoning('The change is 25,587 divided by 181,001', '25587')).toContain('operand');
  });
});

describe('the words that state a result mark the answer, the last marker wins', () => {
  const corrected =
    'The difference is 25,587. Hmm, rechecking the table, 2008 should be 182,001, so the change comes to 24,587.';
  it.each<Row>([
    [corrected, '25587', false, 24587],
    [corrected, '24587', true, 24587],
    ['The change came to 24,587 in 2009.', '24587', true, 24587],
    ['It amounts to 24,587 over 2009.', '24587', true, 24587],
    ['The total equals 24,587 for 2009.', '24587', true, 24587],
    ['Revenue totals 24,587 across 3 segments.', '24587', true, 24587],
    ['Subtracting gives 24,587 for 2009.', '24587', true, 24587],
    ['It works out to 24,587 in 2009.', '24587', true, 24587],
  ])('%j against %s → passes %s, reads %s', async (...row) => check(row));
});

describe('an answer beyond a double', () => {
  it('is out of range, not "no number"', async () => {
    expect(await reasoning('1e400', '1')).toMatch(/"1e400" is out of range/);
  });
});
