import { describe, expect, it } from 'vitest';
import { reportOf, singleTurnResult } from '../../test/support/reporters/report-fixtures.js';
import { mdCodeBlock, mdCodeSpan, mdInline } from './markdown-escape.js';
import { renderMarkdownReport } from './markdown-render.js';

describe('the line and paragraph separators in Markdown', () => {
  it('are spelled out as U+0085 is, in inline text (its backslash escaped), code spans and fenced blocks', () => {
    expect(mdInline('a\u2028b\u2029c\u0085d')).toBe('a\\\\u2028b\\\\u2029c\\\\x85d');
    expect(mdCodeSpan('a\u2028b')).toBe('`a\\u2028b`');
    expect(mdCodeBlock('a\u2029b')).toBe('```text\na\\u2029b\n```');
  });

  it('leave every table row on one line of the report', () => {
    const result = singleTurnResult({
      test_name: 'name\u2028with\u2029separators',
      agent_response: 'answer\u2028line',
      passed: false,
      errors: ['failed\u2029here'],
    });
    const md = renderMarkdownReport(reportOf([result], { agent_name: 'agent\u2028x' }));
    expect(md).not.toMatch(/[\u2028\u2029]/);
    expect(md).toContain('| name\\\\u2028with\\\\u2029separators | ');
    expect(md).toContain('# Test report: agent\\\\u2028x');
  });
});
