import { describe, expect, it } from 'vitest';
import { extractResponseNumber } from './extract-number.js';

const lenient = { accept_percent: true, accept_thousands_separators: true };
const strict = { accept_percent: false, accept_thousands_separators: false };

describe('extractResponseNumber', () => {
  it.each<[string, number, string]>([
    ['25587', 25587, 'standalone'],
    ['**25,587**', 25587, 'standalone'],
    ['The change is **25,587** (206,588 − 181,001).', 25587, 'emphasis'],
    ['In 2009 the net cash was $206,588.', 206588, 'cue'],
    ['206,588 - 181,001 = 25,587', 25587, 'cue'],
    ['**1.** 2009: 206,588\n**2.** 2008: 181,001\n**3.** Difference: 25,587', 25587, 'last'],
    ['**Step 2** the answer is 7', 7, 'cue'],
    ['The difference is 25587 million, as reported in 2009.', 25587e6, 'cue'],
    ['The difference is approximately $25,587 (206,588 − 181,001).', 25587, 'cue'],
    ['Subtracting gives 25587 (206,588 − 181,001)', 25587, 'cue'],
    ['So 206,588 - 181,001 = 25,587', 25587, 'cue'],
    ['In 2009 and 2008 it grew; growth = 14.1%', 14.1, 'cue'],
    ['It rose by __14.1%__ over 2008', 14.1, 'emphasis'],
    ['差額は ２５，５８７ です', 25587, 'last'],
    ['答案是 －２５．５', -25.5, 'last'],
  ])('%j → %s (%s)', (text, value, strategy) => {
    const result = extractResponseNumber(text, lenient);
    expect(result.ok && [result.token.value, result.strategy]).toEqual([value, strategy]);
  });

  it('counts the numbers in the response', () => {
    const result = extractResponseNumber('from 10 to 20 is 10', lenient);
    expect(result.ok && result.candidates).toBe(3);
  });

  it.each<[string, string]>([
    ['', 'the agent response is empty'],
    ['   ', 'the agent response is empty'],
    ['I cannot tell.', 'the agent response contains no number'],
    [`It is ${'9'.repeat(401)}.`, 'the agent response holds a number too large to read (over 309 digits)'],
    [
      'The change was 25,587.',
      `the agent response's number "25,587" uses thousands separators (set accept_thousands_separators: true to accept it)`,
    ],
    ['It rose 14.1%', `the agent response's number "14.1%" is a percentage (set accept_percent: true to accept it)`],
  ])('%j is unparsable under strict options', (text, reason) => {
    expect(extractResponseNumber(text, strict)).toEqual({ ok: false, reason });
  });

  it('reads full-width digits as digits, and quotes the number as the response wrote it', () => {
    const result = extractResponseNumber('差額は ２５，５８７ です', lenient);
    expect(result.ok && [result.token.value, result.token.text]).toEqual([25587, '２５，５８７']);
  });
});
