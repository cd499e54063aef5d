import { describe, expect, it } from 'vitest';
import type { ConfigIssue } from '../core/errors.js';
import { formatConfigIssue } from './format-config-issue.js';

const base: ConfigIssue = {
  code: 'INVALID_REGEX',
  location: { file: '/work/suite/agent.yaml', line: 42, column: 15 },
  test_case: { name: 'JKHY-2009', index: 3 },
  path: 'turns[1].expected_tools[0].args.b.regex',
  message: 'invalid regular expression "(2009": missing )',
  hint: 'fix the pattern or use { fuzzy: ... }',
};

describe('formatConfigIssue', () => {
  it('prints file:line:col, the test case, the field path, then the message and hint', () => {
    expect(formatConfigIssue(base, '/work/suite')).toBe(
      'agent.yaml:42:15  test_cases[3] "JKHY-2009" › turns[1].expected_tools[0].args.b.regex\n' +
        '  invalid regular expression "(2009": missing ) — fix the pattern or use { fuzzy: ... }',
    );
  });

  it('shows the file relative to the working directory', () => {
    expect(formatConfigIssue(base, '/work').split('\n')[0]).toMatch(/^suite\/agent\.yaml:42:15 {2}/);
    expect(formatConfigIssue(base, '/elsewhere').split('\n')[0]).toMatch(/^\.\.\/work\/suite\/agent\.yaml:42:15 {2}/);
  });

  it('omits the hint separator when there is no hint, and the name when the test case has none', () => {
    const text = formatConfigIssue({ ...base, hint: null, test_case: { name: null, index: 0 } }, '/work/suite');
    expect(text).toBe(
      'agent.yaml:42:15  test_cases[0] › turns[1].expected_tools[0].args.b.regex\n' +
        '  invalid regular expression "(2009": missing )',
    );
  });

  it('prints root-level issues with their path only', () => {
    const issue: ConfigIssue = { ...base, test_case: null, path: 'model.provider', message: 'bad', hint: null };
    expect(formatConfigIssue(issue, '/work/suite')).toBe('agent.yaml:42:15  model.provider\n  bad');
  });

  it('prints issues without a location (environment variables, missing files)', () => {
    const env: ConfigIssue = { ...base, location: null, test_case: null, path: 'execution.llm_timeout', hint: null };
    expect(formatConfigIssue(env, '/')).toBe('execution.llm_timeout\n  invalid regular expression "(2009": missing )');
    const bare: ConfigIssue = {
      ...env,
      path: '',
      message: 'configuration file not found: /x.yaml',
      hint: 'pass a file',
    };
    expect(formatConfigIssue(bare, '/')).toBe('configuration file not found: /x.yaml — pass a file');
  });

  it('spells out control and bidirectional characters of quoted names and values', () => {
    const name = 'x \u202Eevil \u001b[31m';
    const issue: ConfigIssue = {
      ...base,
      test_case: { name, index: 1 },
      message: `duplicate test case name "${name}"`,
    };
    const text = formatConfigIssue(issue, '/work/suite');
    expect(text).toContain('test_cases[1] "x \\u202eevil \\u001b[31m"');
    expect(text).toContain('duplicate test case name "x \\u202eevil \\x1b[31m" — fix');
    expect(text).not.toContain('\u001b');
    expect(text).not.toContain('\u202e');
  });
});
