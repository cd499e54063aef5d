import { describe, expect, it } from 'vitest';
import { expectedToolToReport } from './expected-tool-to-report.js';
import { compileLinearRegex } from './linear-regex.js';

const compiled = compileLinearRegex('(?i)^2009$');
if (!compiled.ok) throw new Error(compiled.reason);

describe('expectedToolToReport', () => {
  it('gives the config form of each matcher', () => {
    const report = expectedToolToReport({
      name: 'subtract',
      name_match: 'substring',
      count: 2,
      args: {
        a: { kind: 'literal', value: { nested: [1, 2] } },
        b: { kind: 'fuzzy', value: '181,001' },
        c: { kind: 'regex', pattern: '(?i)^2009$', regex: compiled.regex },
      },
    });
    expect(report).toEqual({
      name: 'subtract',
      count: 2,
      args: { a: { nested: [1, 2] }, b: { fuzzy: '181,001' }, c: { regex: '(?i)^2009$' } },
    });
  });

  it('writes an object literal shaped like a matcher as { literal }', () => {
    const report = expectedToolToReport({
      name: 'search',
      name_match: 'substring',
      count: 1,
      args: {
        filter: { kind: 'literal', value: { fuzzy: 'x' } },
        where: { kind: 'literal', value: { year: 2009, fuzzy: 'x' } },
      },
    });
    expect(report.args).toEqual({ filter: { literal: { fuzzy: 'x' } }, where: { year: 2009, fuzzy: 'x' } });
  });

  it('keeps null args for a name-only entry', () => {
    expect(expectedToolToReport({ name: 'lookup', name_match: 'exact', args: null, count: 1 })).toEqual({
      name: 'lookup',
      args: null,
      count: 1,
    });
  });
});
