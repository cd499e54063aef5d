import { describe, expect, it } from 'vitest';
import type { TestCaseConfig } from '../core/config-types.js';
import { LINEAR_REGEX_HINT } from '../matchers/linear-regex.js';
import { type CaseCriteria, selectTestCases } from './select-test-cases.js';

const testCases = (...names: string[]) =>
  names.map((name, index) => ({ name, index, kind: 'single', turns: [] }) as unknown as TestCaseConfig);
const NONE: CaseCriteria = { filters: [], grep: null, exclude: [], only: null, limit: null };
const select = (names: string[], criteria: Partial<CaseCriteria>) => {
  const selected = selectTestCases(testCases(...names), { ...NONE, ...criteria });
  return selected.ok ? selected.cases.map((c) => c.name) : selected.message;
};

describe('selectTestCases: --grep on RE2', () => {
  const question = 'what is the net cash from operating activities in 2009 compared to 2008?';

  it('searches the name, case-sensitively unless (?i) says otherwise', () => {
    expect(select(['JKHY-2009', 'jkhy-2010', 'ADI'], { grep: 'JKHY-\\d+' })).toEqual(['JKHY-2009']);
    expect(select(['JKHY-2009', 'jkhy-2010', 'ADI'], { grep: '(?i)^jkhy' })).toEqual(['JKHY-2009', 'jkhy-2010']);
  });

  it('answers at once where a backtracking regex takes minutes', () => {
    expect(select([question, 'x'], { grep: '^(\\w+\\s?)*$' })).toEqual(['x']);
    expect(select([`${'a'.repeat(40)}!`, 'aaa'], { grep: '^(a+)+$' })).toEqual(['aaa']);
  });

  it('refuses a pattern RE2 cannot run, naming --grep', () => {
    expect(select(['a'], { grep: 'a(?=b)' })).toBe(
      `--grep "a(?=b)" is not a valid regular expression: lookahead (?= or (?! is not supported — ${LINEAR_REGEX_HINT}`,
    );
    expect(select(['a'], { grep: '(' })).toBe('--grep "(" is not a valid regular expression: missing )');
  });
});

describe('selectTestCases: wildcards', () => {
  it('takes no time over *a*a*a*a*a*a*a*b against long names, in --filter and --exclude', () => {
    const long = 'a'.repeat(5000);
    expect(select([long, `${long}b`], { filters: ['*a*a*a*a*a*a*a*b'] })).toEqual([`${long}b`]);
    expect(select([long, `${long}b`], { exclude: ['*a*a*a*a*a*a*a*b'] })).toEqual([long]);
  });
});
