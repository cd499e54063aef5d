/**
 * The hand scanners of the numeric metric read exactly what the regular expressions they replaced read, and
 * take time linear in the answer. The regular expressions are kept here as the reference, for short texts only:
 * on long hostile texts they backtrack for minutes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractResponseNumber } from './extract-number.js';
import { answerContext } from './number-answer-context.js';
import { findNumberTokens, type NumberToken, parseStandaloneNumber } from './parse-number.js';

/** The letters of a word in either case: `[pP][eE]…`. */
const anyCase = (word: string) =>
  [...word].map((ch) => (/[a-z]/i.test(ch) ? `[${ch.toLowerCase()}${ch.toUpperCase()}]` : ch)).join('');
const CODES = 'USD|EUR|GBP|JPY|CHF|CAD|AUD|CNY|HKD|INR|SEK|NOK|DKK|NZD|SGD';
const CUR = `(?:[$€£¥₹]|(?:${CODES})(?:[ \\u00a0]|(?![A-Za-z])))`;
const SIGN = `(?:[-+\\u2212]|\\u2013(?=\\d|${CUR}))`;
const MANT = '\\d{1,3}(?:[,\\u00a0\\u202f]\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?|\\.\\d+';
const EXP = '(?:[eE][-+]?\\d+)?(?!\\.?\\p{N})';
const WORDS = ['thousand', 'trillion', 'million', 'billion', 'bn', 'mn', 'tn'].map(anyCase).join('|');
/** A scale word; a superscript digit after it is a footnote mark. */
const SCALE = `(?:[ \\u00a0]?(?:${WORDS})|MM|[kKmMBT])(?!(?![¹²³⁰⁴-⁹])[\\p{L}\\p{N}_])`;
const PERCENT = `\\s?(?:%|${anyCase('percent')}\\b|${anyCase('per cent')}\\b)`;
/** A footnote mark or a citation: no scale word after its parentheses. */
const CITATION = `(?:\\d{1,2}|1[89]\\d\\d|2[01]\\d\\d)\\)(?!${SCALE})`;
/** A figure: an integer that does not end a word, a percentage, or a scale word after a digit. */
const FIGURE_INSIDE = `(?<![\\p{L}_\\d])\\d+|%|\\d[ \\u00a0]?(?:${WORDS})|\\d(?:MM|[kKmMBT])`;
/**
 * What a footnote mark or a citation annotates: a figure, a scale word after parentheses, or the parentheses of a
 * figure or of another mark.
 */
const FIGURE = `(?:${FIGURE_INSIDE}|\\)[ \\u00a0]?(?:${WORDS})|\\)(?:MM|[kKmMBT])|(?:${FIGURE_INSIDE})\\))[ \\u00a0]*`;
/** A footnote mark opening a line of notes: words after it. */
const NOTE_LINE = `(?:\\d{1,2}|1[89]\\d\\d|2[01]\\d\\d)\\)(?!${SCALE})[ \\u00a0]*\\p{L}`;
/** Parentheses right after a percentage or a decimal number restate it (no accounting negative). */
const NOT_RESTATING = '(?<!(?:%|(?<![\\p{L}\\p{N}_.,])\\d+\\.\\d+)[ \\u00a0]*)';
/**
 * The token grammar of number-token-grammar.ts in `en`, as one regular expression; where an answer stands,
 * `(12)` and `(2019)` are accounting negatives too.
 */
const tokenPattern = (answer: boolean) => {
  const plainOpen = answer
    ? '\\('
    : `(?:\\((?!${CITATION})|(?<!${FIGURE})(?<!\\n[ \\u00a0]*)\\(|(?<!${FIGURE})(?<=\\n[ \\u00a0]*)\\((?!${NOTE_LINE}))`;
  const open = `(?:(?<minus>[-\\u2212\\u2013]|[-\\u2212][ \\u00a0]+(?=${CUR}?\\())${CUR}?\\(${CUR}?|${NOT_RESTATING}(?:${CUR}\\(${CUR}?|\\(${CUR}|${plainOpen}))`;
  const inside = `(?<pdigits>${MANT})(?<pexp>${EXP})`;
  const close =
    `(?:(?<pscale>${SCALE})\\)(?<ppercent>${PERCENT})?|(?<ppercentin>${PERCENT})\\)` +
    `|\\)(?:(?<pscaleout>${SCALE})|(?<ppercentout>${PERCENT}))?)`;
  const signed = `(?<sign1>${SIGN}?)${CUR}?(?<sign2>${SIGN}?)(?<digits>${MANT})(?<exp>${EXP})(?:(?<scale>${SCALE})|(?<percent>${PERCENT}))?`;
  return new RegExp(`(?<![\\p{L}\\p{N}_.])(?:${open}${inside}${close}|${signed})`, 'gu');
};
const NUMBER_TOKEN = tokenPattern(false);
const ANSWER_TOKEN = tokenPattern(true);
const SCALES: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12, bn: 1e9 };
Object.assign(SCALES, { mn: 1e6, tn: 1e12, k: 1e3, m: 1e6, mm: 1e6, b: 1e9, t: 1e12 });
const isMinus = (sign: string | undefined) => ['-', '\u2212', '\u2013'].includes(sign ?? '');

function referenceTokens(text: string, answer = false): NumberToken[] {
  const tokens: NumberToken[] = [];
  for (const match of text.matchAll(answer ? ANSWER_TOKEN : NUMBER_TOKEN)) {
    const group = match.groups ?? {};
    const paren = group['pdigits'] !== undefined;
    const [digits, exponent, scaleWord, percent] = paren
      ? [
          group['pdigits'],
          group['pexp'],
          group['pscale'] ?? group['pscaleout'],
          group['ppercent'] ?? group['ppercentin'] ?? group['ppercentout'],
        ]
      : [group['digits'], group['exp'], group['scale'], group['percent']];
    const negative = paren || isMinus(group['sign1']) !== isMinus(group['sign2']);
    const scale = scaleWord === undefined ? 1 : (SCALES[scaleWord.trim().toLowerCase()] ?? Number.NaN);
    const value = Number((digits ?? '').replace(/[,\u00a0\u202f]/g, '') + (exponent ?? '')) * scale;
    if (!Number.isFinite(value)) continue;
    tokens.push({
      text: match[0],
      index: match.index,
      value: negative ? -value : value,
      percent: percent !== undefined,
      ambiguousSign: group['minus'] !== undefined,
      grouped: /[,\u00a0\u202f]/.test(digits ?? ''),
      scale,
    });
  }
  return tokens;
}

const DECORATION = /^[\s*_`]+|[\s*_`.]+$/g;
const EMPHASIS = /\*\*([^*]+)\*\*|__([^_]+)__/g;
const CUE =
  /\b(?:is|was|equals|answer\s*:|comes\sto|came\sto|amounts\sto|amounted\sto|totals|totaled|totalled|gives|works\sout\sto|worked\sout\sto)(?=\W)|[=≈]/gi;

function referenceStandalone(text: string): NumberToken | null {
  const core = text.replace(DECORATION, '');
  const tokens = referenceTokens(core, true);
  const [only] = tokens;
  return tokens.length === 1 && only && only.index === 0 && only.text.trimEnd().length === core.length ? only : null;
}

/** The number of the last cue (of `cues`, ending where the cue does) that has one within reach. */
function referenceCued(text: string, cueEnds: readonly number[]): NumberToken | undefined {
  const answers = referenceTokens(text, true);
  for (let i = cueEnds.length - 1; i >= 0; i--) {
    const end = cueEnds[i]!;
    const next = answers.find((token) => token.index >= end);
    if (next && next.index - end <= 24 && !/[.;!?\n]/.test(text.slice(end, next.index))) return next;
  }
  return undefined;
}

function referenceChoice(text: string): [number, string] | null {
  const chosen = referenceToken(text);
  if (chosen === null || chosen[0].ambiguousSign) return null;
  const [token, strategy] = chosen;
  return [strategy === 'emphasis' ? token.value : token.index, strategy];
}

function referenceToken(text: string): [NumberToken, string] | null {
  const all = referenceTokens(text);
  const standalone = referenceStandalone(text);
  if (standalone) return [standalone, 'standalone'];
  const emphasized = [...text.matchAll(EMPHASIS)].flatMap((match) => {
    const inner = (match[1] ?? match[2] ?? '').trim();
    const found = referenceTokens(inner, true);
    const spanEnd = match.index + match[0].length;
    return found.length === 1 && found[0]!.index === 0 && found[0]!.text.length === inner.length
      ? [{ token: found[0]!, spanEnd }]
      : [];
  });
  const bold = emphasized.at(-1);
  if (bold) return [bold.token, 'emphasis'];
  const cued = referenceCued(
    text,
    [...text.matchAll(CUE)].map((cue) => cue.index + cue[0].length),
  );
  if (cued) {
    const context = answerContext(text, cued);
    if (context === 'answer') return [cued, 'cue'];
    if (context !== 'operand' && context !== 'time') return null;
  }
  const depthBefore = (offset: number) => {
    let depth = 0;
    for (const ch of text.slice(0, offset)) {
      if (ch === '(' || ch === '[') depth++;
      else if ((ch === ')' || ch === ']') && depth > 0) depth--;
    }
    return depth;
  };
  const outside = all.filter((token) => depthBefore(token.index) === 0).slice(-8);
  if (outside.length === 0) return all.length > 0 ? [all.at(-1)!, 'last'] : null;
  let operand = false;
  let year: NumberToken | undefined;
  for (const token of outside.reverse()) {
    const context = answerContext(text, token);
    if (context === 'time') continue;
    if (context === 'operand') {
      operand = true;
      continue;
    }
    if (year) return [year, 'last'];
    if (context !== 'answer') return null;
    if (!/^(?:19\d\d|20\d\d|2100)$/.test(token.text.trim()) || token.percent || token.scale !== 1) {
      return [token, 'last'];
    }
    year = token;
  }
  return year && !operand ? [year, 'last'] : null;
}

function choice(text: string): [number, string] | null {
  const result = extractResponseNumber(text, { accept_percent: true, accept_thousands_separators: true });
  if (!result.ok) return null;
  return [result.strategy === 'emphasis' ? result.token.value : result.token.index, result.strategy];
}

/** Texts built from the pieces the grammar cares about. */
const PIECES = [
  ...'0123456789',
  ...'0123456789',
  ...',.,. -+\u2212$€£¥eE%_*()[]=≈;!?\nxaQ',
  '\u00a0',
  '\u202f',
  '٣',
  '²',
  '𝟏',
  '𝐀',
  'é',
  '000',
  ',000',
  '.5',
  '**',
  '__',
  'percent',
  'per cent',
  ' is ',
  'was',
  'equals',
  'answer:',
  'answer  :',
  'Is',
  '1,234',
  '1.2e-5',
  '\u2013',
  'USD',
  'USD ',
  'EURO',
  '₹',
  'k',
  'm',
  'M',
  'MM',
  'B',
  'T',
  'bn',
  ' Million',
  'thousand',
  '(1,234)',
  '$(',
  '2019',
  '(12)',
  ' (',
  '%)',
  '-(',
  '\u2013(',
  ') million',
  '¹',
  ' to ',
  'FY',
  'answer is ',
  'Answer = ',
  '\n',
  ' (1)',
  '- (',
  '- $(',
  ') million (2019)',
  '\n (1) in',
];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((pieces) => pieces.join(''));

describe('number scanning matches the reference regular expressions', () => {
  it('finds the same tokens', () => {
    fc.assert(
      fc.property(text, (sample) => {
        expect(findNumberTokens(sample)).toEqual(referenceTokens(sample));
      }),
      { numRuns: 5000 },
    );
  });

  it('reads the same standalone numbers', () => {
    fc.assert(
      fc.property(text, (sample) => {
        expect(parseStandaloneNumber(sample)).toEqual(referenceStandalone(sample));
      }),
      { numRuns: 3000 },
    );
  });

  it('chooses the same number of a response, by the same strategy', () => {
    fc.assert(
      fc.property(text, (sample) => {
        expect(choice(sample)).toEqual(referenceChoice(sample));
      }),
      { numRuns: 5000 },
    );
  });

  it.each([
    'x __5__ y',
    'a __1,000__ b **2** c',
    '__ 7 __',
    '**-$5%**',
    '__5__5',
    'is __x__ = 3',
    '__0per cent__0',
    'x __5k__ y',
    'x __5 percent__ y',
    '__(12)__ or 3',
    'That comes to (21), according to the figures reported.',
    '25,587 (1) and 3 million (2)',
  ])('chooses as the reference in %j', (sample) => {
    expect(choice(sample)).toEqual(referenceChoice(sample));
  });

  it.each([
    '1,000,000.5.5',
    '1,0001',
    '1,000.5.5',
    '1e5.5',
    '3E2%',
    '5 per cent',
    '5 percentage',
    '-$-5',
    '--5',
    '---5',
    '12٣',
    '𝐀12 12𝟏 12.𝟏',
    '5\u00a0%',
    '(0MM)%',
    '($5 million) %',
    '(14.14%)',
    '(14.14 %)%',
    '-(14.14%)',
    '−$(5) –(6) -USD (7)',
    '(4) million (4 million)',
    '$(4) million%',
    'to (21), FY19 (12), 2019 (1), 5 bn (2), 5M (3), 5 M (4), x5 m (5)',
    '$5.2 million¹ 25,587¹',
  ])('%j', (sample) => {
    expect(findNumberTokens(sample)).toEqual(referenceTokens(sample));
  });
});

const MB = 1024 * 1024;

/** One megabyte of each shape that made the regular expressions backtrack, or that stresses a scanner. */
const HOSTILE: ReadonlyArray<[string, string]> = [
  ['1,1,1,…', '1,'.repeat(MB / 2)],
  ['- - - -', '- '.repeat(MB / 2)],
  ['a digit run', '9'.repeat(MB)],
  ['digits with many separators', `1${',000'.repeat(MB / 4 - 1)}.5.5`],
  ['spaces before a word', `1${' '.repeat(MB)}x`],
  ['cues with numbers out of reach', '= ;1 '.repeat(MB / 5)],
  ['unclosed parentheses', '(1 '.repeat(MB / 3)],
  ['unclosed bold', `**${'1 '.repeat(MB / 2)}`],
  ['bold marks', '**1 '.repeat(MB / 4)],
  ['answer with spaces before no colon', 'answer '.repeat(MB / 7)],
  ['dotted digits', '1.'.repeat(MB / 2)],
  ['exponents', '1e1e'.repeat(MB / 4)],
  ['footnotes after figures', '1 (1) 2 million (2) '.repeat(MB / 20)],
  ['spaces before a parenthesis', `1${' '.repeat(MB)}(1)`],
  ['spaces before a line of notes', `\n${' '.repeat(MB)}(1) x`],
  ['spaces after a note mark', `\n(1)${' '.repeat(MB)}x`],
  ['minus and spaces', `- ${' '.repeat(MB)}(1)`],
  ['parenthesised figures and marks', '(1) (2)(3) $(4) million (5) '.repeat(MB / 28)],
];

describe('number extraction on 1 MB hostile answers', () => {
  it.each(HOSTILE)('%s: completes', (_name, answer) => {
    const result = extractResponseNumber(answer, { accept_percent: true, accept_thousands_separators: true });
    expect(result.ok || result.reason.length > 0).toBe(true);
  });

  it.each([
    ...HOSTILE,
    ['German groups', '1.'.repeat(MB / 2)],
    ['German decimals', '1,1 '.repeat(MB / 4)],
    ['scale words', '1 Mio '.repeat(MB / 6)],
    ['accounting', '(1.000,5 '.repeat(MB / 9)],
  ])('%s: completes with locale de', (_name, answer) => {
    const options = { accept_percent: true, accept_thousands_separators: true, locale: 'de' as const };
    const result = extractResponseNumber(answer, options);
    expect(result.ok || result.reason.length > 0).toBe(true);
  });

  it.each([
    ['scale words', '1.2 million '.repeat(MB / 12)],
    ['currency codes', 'USD USD1 '.repeat(MB / 9)],
    ['accounting', '$(1,000 '.repeat(MB / 8)],
  ])('%s: completes', (_name, answer) => {
    const result = extractResponseNumber(answer, { accept_percent: true, accept_thousands_separators: true });
    expect(result.ok || result.reason.length > 0).toBe(true);
  });

  it('still reads the answer after a megabyte of noise', () => {
    const answer = `${'1,'.repeat(MB / 2)}\nThe answer is **25,587**.`;
    const result = extractResponseNumber(answer, { accept_percent: false, accept_thousands_separators: true });
    expect(result.ok && [result.token.value, result.strategy]).toEqual([25587, 'emphasis']);
  });
});
