import { describe, expect, it } from 'vitest';
import { sampleReport } from '../../test/support/reporters/report-scenarios.js';
import { createReporter, formatFromPath, REPORT_FORMATS, ReportFormatError } from './create-reporter.js';

describe('formatFromPath', () => {
  it.each([
    ['out/report.json', 'json'],
    ['REPORT.JSON', 'json'],
    ['report.md', 'markdown'],
    ['report.markdown', 'markdown'],
    ['junit.xml', 'junit'],
    ['C:\\ci\\junit.XML', 'junit'],
  ])('%s → %s', (path, format) => {
    expect(formatFromPath(path)).toBe(format);
  });

  it('rejects an unknown extension with a typed error listing the accepted ones', () => {
    const error = (() => {
      try {
        formatFromPath('report.txt');
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(ReportFormatError);
    expect((error as ReportFormatError).code).toBe('REPORT_FORMAT_UNKNOWN');
    expect((error as ReportFormatError).message).toBe(
      'cannot tell the report format of "report.txt": it has the extension ".txt"; use .json (JSON), .md or .markdown (Markdown) or .xml (JUnit XML), or set --format json|markdown|junit',
    );
  });

  it('rejects a path without an extension', () => {
    expect(() => formatFromPath('out/report')).toThrow(/it has no extension/);
  });
});

describe('createReporter', () => {
  it.each(REPORT_FORMATS.map((f) => [f]))('writes the %s report to its path when the run ends', async (format) => {
    const writes: [string, string][] = [];
    const reporter = createReporter(format, '/tmp/x/report', { writeFile: async (p, d) => void writes.push([p, d]) });
    expect(writes).toHaveLength(0);
    await reporter.onEnd?.(sampleReport(), 'completed');
    expect(writes.map(([path]) => path)).toEqual(['/tmp/x/report']);
    const head = { json: '{\n  "agent_name"', markdown: '# Test report', junit: '<?xml' }[format];
    expect(writes[0]?.[1].startsWith(head)).toBe(true);
  });
});
