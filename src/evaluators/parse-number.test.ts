import { describe, expect, it } from 'vitest';
import { checkToken, findNumberTokens, parseStandaloneNumber } from './parse-number.js';

const values = (text: string) => findNumberTokens(text).map((t) => [t.value, t.percent, t.grouped]);

describe('findNumberTokens', () => {
  it.each<[string, Array<[number, boolean, boolean]>]>([
    ['25587', [[25587, false, false]]],
    [
      '25587.0 and .5',
      [
        [25587, false, false],
        [0.5, false, false],
      ],
    ],
    ['was 25,587 in total', [[25587, false, true]]],
    ['1,234,567.89', [[1234567.89, false, true]]],
    [
      '5\u00a0000 and 5\u202f000',
      [
        [5000, false, true],
        [5000, false, true],
      ],
    ],
    [
      '-5, +5, \u22125, -$5, $-5',
      [
        [-5, false, false],
        [5, false, false],
        [-5, false, false],
        [-5, false, false],
        [-5, false, false],
      ],
    ],
    [
      '14.1% or 14.1 % or 14.1 percent',
      [
        [14.1, true, false],
        [14.1, true, false],
        [14.1, true, false],
      ],
    ],
    [
      '1.2e-5 and 3E2',
      [
        [0.000012, false, false],
        [300, false, false],
      ],
    ],
    ['FY2009 Q4 v1.2.3 x2', []],
    [
      '2008-2009',
      [
        [2008, false, false],
        [2009, false, false],
      ],
    ],
    [
      '1,2,3',
      [
        [1, false, false],
        [2, false, false],
        [3, false, false],
      ],
    ],
    [
      '12,34',
      [
        [12, false, false],
        [34, false, false],
      ],
    ],
    [
      '€12 £3 ¥4',
      [
        [12, false, false],
        [3, false, false],
        [4, false, false],
      ],
    ],
    ['no digits here', []],
  ])('%j', (text, expected) => {
    expect(values(text)).toEqual(expected);
  });

  it('records where each token starts and how it was written', () => {
    expect(findNumberTokens('a $1,000 b')).toEqual([
      { text: '$1,000', index: 2, value: 1000, percent: false, ambiguousSign: false, grouped: true, scale: 1 },
    ]);
  });
});

describe('parseStandaloneNumber', () => {
  it.each<[string, number | null]>([
    ['25587', 25587],
    ['  25587.0\n', 25587],
    ['**$25,587**', 25587],
    ['`0.14136`', 0.14136],
    ['25587.', 25587],
    ['-0.5', -0.5],
    ['14.1%', 14.1],
    ['25587 USD', null],
    ['about 25587', null],
    ['1 2', null],
    ['yes', null],
    ['', null],
  ])('%j → %s', (text, expected) => {
    expect(parseStandaloneNumber(text)?.value ?? null).toBe(expected);
  });
});

describe('checkToken', () => {
  const [grouped] = findNumberTokens('25,587');
  const [percent] = findNumberTokens('14.1%');

  it('rejects thousands separators unless accepted, naming the option', () => {
    const check = checkToken(grouped!, { accept_percent: true, accept_thousands_separators: false });
    expect(check).toEqual({
      ok: false,
      reason: '"25,587" uses thousands separators (set accept_thousands_separators: true to accept it)',
    });
    expect(checkToken(grouped!, { accept_percent: false, accept_thousands_separators: true }).ok).toBe(true);
  });

  it('rejects percentages unless accepted, naming the option', () => {
    const check = checkToken(percent!, { accept_percent: false, accept_thousands_separators: true });
    expect(check).toEqual({ ok: false, reason: '"14.1%" is a percentage (set accept_percent: true to accept it)' });
    expect(checkToken(percent!, { accept_percent: true, accept_thousands_separators: false }).ok).toBe(true);
  });
});
