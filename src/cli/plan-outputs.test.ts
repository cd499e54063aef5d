import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isStdoutPath, planOutputs } from './plan-outputs.js';

describe('planOutputs', () => {
  it('takes each format from its extension, case-insensitively', () => {
    expect(planOutputs(['r.json', 'r.MD', 'junit.xml', 'run.html', 'x.markdown'], undefined)).toEqual({
      ok: true,
      outputs: [
        { path: resolve('r.json'), format: 'json' },
        { path: resolve('r.MD'), format: 'markdown' },
        { path: resolve('junit.xml'), format: 'junit' },
        { path: resolve('run.html'), format: 'html' },
        { path: resolve('x.markdown'), format: 'markdown' },
      ],
    });
  });

  it('lets --format name the format of files whose extension says nothing', () => {
    expect(planOutputs(['report', 'report.txt', 'same.json'], 'json')).toMatchObject({
      ok: true,
      outputs: [{ format: 'json' }, { format: 'json' }, { format: 'json' }],
    });
  });

  it('refuses an extension that contradicts --format', () => {
    expect(planOutputs(['report.md'], 'json')).toEqual({
      ok: false,
      message:
        '--output report.md is a Markdown file name, but --format is json: drop --format (the extension chooses), or name the file for JSON',
    });
    expect(planOutputs(['ok.xml', 'page.html'], 'junit')).toMatchObject({ ok: false });
  });

  it('refuses a file whose format cannot be told, naming the choices', () => {
    const plan = planOutputs(['report.txt'], undefined);
    expect(plan.ok).toBe(false);
    if (!plan.ok)
      expect(plan.message).toMatch(/"report.txt".*extension ".txt".*\.html.*--format json\|markdown\|junit\|html/);
    expect(planOutputs(['report'], undefined)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/has no extension/),
    });
  });

  it('refuses --format without an --output, and --output with --dry-run, which would do nothing', () => {
    expect(planOutputs([], 'json')).toEqual({
      ok: false,
      message: '--format sets the format of the --output files: give --output PATH with it',
    });
    expect(planOutputs(['r.json'], undefined, true)).toEqual({
      ok: false,
      message: '--dry-run writes no report: drop --output, or run without --dry-run',
    });
    expect(planOutputs([], undefined, true)).toEqual({ ok: true, outputs: [] });
  });
});

describe('planOutputs and stdout', () => {
  it('takes "-" for stdout in the format --format names, and refuses it without one', () => {
    expect(planOutputs(['-'], 'junit')).toEqual({ ok: true, outputs: [{ path: '/dev/stdout', format: 'junit' }] });
    expect(isStdoutPath('/dev/stdout')).toBe(true);
    expect(isStdoutPath('/tmp/report.json')).toBe(false);
    expect(planOutputs(['-'], undefined)).toEqual({
      ok: false,
      message: '--output - writes the report to stdout: give --format json|markdown|junit with it',
    });
  });
});
