/**
 * The numeric metric on numbers written the way finance writes them: scale words, accounting negatives,
 * unicode and en-dash minus signs, currencies by sign and by code, spaced percent signs and, with
 * `locale: de`, European notation. One row per answer: the ground truth, the answer, the locale, whether it
 * passes and the value read from the answer (null when it cannot be read).
 */
import { describe, expect, it } from 'vitest';
import { evaluationInput } from '../../test/support/evaluators/evaluation-input.js';
import { extractResponseNumber } from './extract-number.js';
import { createNumericEvaluator, type NumericMetricConfig } from './numeric.js';

type Row = readonly [truth: string, answer: string, locale: 'en' | 'de', passes: boolean, read: number | null];

const ROWS: readonly Row[] = [
  // Scale words read as the value.
  ['1200000', '$1.2 million', 'en', true, 1.2e6],
  ['1200000', 'Revenue was $1.2 million.', 'en', true, 1.2e6],
  ['1200000000', '1.2bn', 'en', true, 1.2e9],
  ['1200000000', 'Revenue was $1.2 bn in 2019.', 'en', true, 1.2e9],
  ['3400', '3.4k', 'en', true, 3.4e3],
  ['3400', 'about 3.4K units', 'en', true, 3.4e3],
  ['3400000', '€3.4m', 'en', true, 3.4e6],
  ['3400000', '**€3.4M**', 'en', true, 3.4e6],
  ['2500000000', '2.5 billion', 'en', true, 2.5e9],
  ['2500000000', 'The total is 2.5 Billion dollars', 'en', true, 2.5e9],
  ['2500000000', '$2.5B', 'en', true, 2.5e9],
  ['7000000000000', '$7 trillion', 'en', true, 7e12],
  ['7000000000000', '$7T', 'en', true, 7e12],
  ['4500', '4.5 thousand', 'en', true, 4.5e3],
  ['12000000', '$12MM', 'en', true, 12e6],
  ['12000000', '12mn', 'en', true, 12e6],
  // Scale words read as the unit the ground truth is in (a table "in millions").
  ['1.2', '$1.2 million', 'en', true, 1.2e6],
  ['25587', 'The change is $25,587 million.', 'en', true, 25587e6],
  ['3.4', '3.4bn', 'en', true, 3.4e9],
  // The unit is not guessed: neither reading of the answer is the ground truth.
  ['1200', '$1.2 million', 'en', false, 1.2e6],
  ['1.3', '$1.2 million', 'en', false, 1.2e6],
  ['1300000', '$1.2 million', 'en', false, 1.2e6],
  // Scale letters that are units or words, not scales.
  ['3', '3km', 'en', true, 3],
  ['5', '5ms', 'en', true, 5],
  ['12', 'Form 12b', 'en', true, 12],
  // Accounting negatives.
  ['-1234', '(1,234)', 'en', true, -1234],
  ['-1234', 'Net income: $(1,234)', 'en', true, -1234],
  ['-1234', 'The change is ($1,234).', 'en', true, -1234],
  ['-240', '(240)', 'en', true, -240],
  ['-0.5', '(0.5)', 'en', true, -0.5],
  ['-3400000', '(€3.4m)', 'en', true, -3.4e6],
  ['-0.032', 'a margin of (3.2)%', 'en', true, -3.2],
  ['1234', '(1,234)', 'en', false, -1234],
  ['-12', '(12)', 'en', true, -12],
  ['-19', 'The answer is (19).', 'en', true, -19],
  ['-19', 'The result is **(19)**', 'en', true, -19],
  // Parentheses that are not accounting: a footnote, a year, operands.
  ['25587', 'Revenue was 25,587 (1)', 'en', true, 25587],
  ['25587', 'Revenue was 25,587 (2019)', 'en', true, 25587],
  ['25587', 'The change is 25,587 (206,588 − 181,001).', 'en', true, 25587],
  // A number in parentheses right after a percentage or a decimal restates it: no negative. After an integer (a
  // year, a label such as Q3 or FY19) it stays one.
  ['0.375', '37.5% (0.375)', 'en', true, 37.5],
  ['-0.21053', '21.05% (0.2105)', 'en', false, 21.05],
  ['0.2105', 'It is 21.05% (0.2105)', 'en', true, 21.05],
  ['-1234', 'The net loss in 2019 (1,234)', 'en', true, -1234],
  ['-1234', 'The net loss in Q3 (1,234)', 'en', true, -1234],
  ['-1234', 'Net income for FY19 (1,234)', 'en', true, -1234],
  ['0.375', 'It is 0.375 (0.375)', 'en', true, 0.375],
  ['-567', 'Net loss (1,234) (567)', 'en', true, -567],
  // Minus signs.
  ['-5.2', '−5.2', 'en', true, -5.2],
  ['-5.2', 'a change of \u22125.2 points', 'en', true, -5.2],
  ['-5.2', '–5.2', 'en', true, -5.2],
  ['-5.2', 'The change was –5.2.', 'en', true, -5.2],
  ['-1200000', '–$1.2 million', 'en', true, -1.2e6],
  ['-1200000', '$–1.2 million', 'en', true, -1.2e6],
  // An en dash between numbers is a range, not a minus: no end of it is one answer, and a number elsewhere is read.
  ['2009', 'from 2008–2009', 'en', false, null],
  ['-2009', '2008 – 2009', 'en', false, null],
  ['25587', 'In 2008–2009 the change was 25,587.', 'en', true, 25587],
  // Percentages (accept_percent reads them as fractions).
  ['0.125', '12.5 %', 'en', true, 12.5],
  ['0.125', '12.5%', 'en', true, 12.5],
  ['0.125', 'It grew 12.5 percent', 'en', true, 12.5],
  ['0.125', '12.5', 'en', false, 12.5],
  ['-0.125', '−12.5 %', 'en', true, -12.5],
  // Currencies by code.
  ['3400', 'USD 3,400', 'en', true, 3400],
  ['3400', 'USD3,400', 'en', true, 3400],
  ['3400', 'The fee is EUR 3,400.', 'en', true, 3400],
  ['3400', '3,400 USD', 'en', true, 3400],
  ['-3400', 'USD -3,400', 'en', true, -3400],
  ['3400000', 'GBP 3.4m', 'en', true, 3.4e6],
  ['3400', 'USDA 3,400', 'en', true, 3400],
  // The en notation keeps its reading of commas.
  ['1234.5', '1,234.5', 'en', true, 1234.5],
  ['1234.5', '1.234,5', 'en', false, 5],
  // locale: de.
  ['1234.5', '1.234,5', 'de', true, 1234.5],
  ['1234.5', 'Der Umsatz betrug 1.234,5 €.', 'de', true, 1234.5],
  ['0.125', '12,5 %', 'de', true, 12.5],
  ['0.125', '12,5 Prozent', 'de', true, 12.5],
  ['1200000', '1,2 Mio. €', 'de', true, 1.2e6],
  ['3400000000', '3,4 Mrd. Euro', 'de', true, 3.4e9],
  ['3400000000', '3,4 Milliarden', 'de', true, 3.4e9],
  ['2000000000000', '2 Billionen', 'de', true, 2e12],
  ['4500', '4,5 Tsd.', 'de', true, 4.5e3],
  ['-1234.5', '(1.234,5)', 'de', true, -1234.5],
  ['-1234.5', '−1.234,5', 'de', true, -1234.5],
  ['1234.5', '1.234,5', 'de', true, 1234.5],
  ['1234567', '1.234.567', 'de', true, 1234567],
  ['1.234', '1.234', 'de', false, 1234],
  ['1234.5', '1\u00a0234,5', 'de', true, 1234.5],
  ['1234.5', '1,234.5', 'de', false, null],
  ['1.5', 'Der Wert ist 1.5', 'de', false, null],
];

function config(locale: 'en' | 'de'): NumericMetricConfig {
  return {
    type: 'standard',
    metric: 'numeric',
    name: 'numeric',
    enabled: true,
    threshold: null,
    absolute_tolerance: 1e-6,
    relative_tolerance: 1e-9,
    accept_percent: true,
    accept_thousands_separators: true,
    ...(locale === 'de' ? { locale } : {}),
  };
}

const input = evaluationInput;

describe('numeric metric: numbers as finance writes them', () => {
  it('has at least 60 rows', () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(60);
  });

  it.each(ROWS)('truth %j, answer %j (%s) → passes %s, reads %s', async (truth, answer, locale, passes, read) => {
    const outcome = await createNumericEvaluator(config(locale)).evaluate(input(answer, truth));
    expect(outcome.passed).toBe(passes);
    const extraction = extractResponseNumber(answer, config(locale));
    expect(extraction.ok ? extraction.token.value : null).toBe(read);
  });
});
