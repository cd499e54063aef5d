import { describe, expect, it } from 'vitest';
import { expectedToolToReport } from './expected-tool-to-report.js';
import { compileLinearRegex } from './linear-regex.js';

const compiled = compileLinearRegex('(?i)^2009$');
if (!compiled.ok) throw new Error(compiled.reason);

describe('expectedToolToReport', () => {
  it('gives the config form of each matcher', () => {
    const report = expectedToolToReport({
      name: 'subtract',
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

  it('keeps null args for a name-only entry', () => {
    expect(expectedToolToReport({ name: 'lookup', args: null, count: 1 })).toEqual({
      name: 'lookup',
      args: null,
      count: 1,
    });
  });
});
