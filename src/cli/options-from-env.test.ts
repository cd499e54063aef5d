import { describe, expect, it } from 'vitest';
import { optionsFromEnv } from './options-from-env.js';
import type { RawTestOptions } from './test-command-definition.js';

const raw = (extra: Partial<RawTestOptions> = {}) => ({ output: [], ...extra }) as unknown as RawTestOptions;

describe('optionsFromEnv', () => {
  it('takes reports from HOLODECK_OUTPUT (commas between paths) when the command line names none', () => {
    const env = { HOLODECK_OUTPUT: ' r.json, junit.xml ,, ' };
    expect(optionsFromEnv(raw(), env)).toMatchObject({ ok: true, raw: { output: ['r.json', 'junit.xml'] } });
    expect(optionsFromEnv(raw({ output: ['cli.md'] }), env)).toMatchObject({ raw: { output: ['cli.md'] } });
  });

  it('takes -v or -q from HOLODECK_VERBOSE / HOLODECK_QUIET, unless the command line gives one', () => {
    expect(optionsFromEnv(raw(), { HOLODECK_QUIET: 'true' })).toMatchObject({ raw: { quiet: true } });
    expect(optionsFromEnv(raw(), { HOLODECK_VERBOSE: ' TRUE ', HOLODECK_QUIET: 'false' })).toMatchObject({
      raw: { verbose: true },
    });
    const cli = optionsFromEnv(raw({ verbose: true }), { HOLODECK_QUIET: 'true', HOLODECK_VERBOSE: 'maybe' });
    expect(cli).toMatchObject({ ok: true, raw: { verbose: true } });
    expect(cli.ok && cli.raw.quiet).toBeFalsy();
  });

  it('refuses a value it cannot read, and both at once, naming the variables', () => {
    expect(optionsFromEnv(raw(), { HOLODECK_VERBOSE: 'loud' })).toEqual({
      ok: false,
      message: 'environment variable HOLODECK_VERBOSE="loud" is invalid: expected true or false',
    });
    expect(optionsFromEnv(raw(), { HOLODECK_VERBOSE: 'true', HOLODECK_QUIET: 'True' })).toEqual({
      ok: false,
      message: 'HOLODECK_VERBOSE and HOLODECK_QUIET are both true: set one of them',
    });
  });

  it('reads true and false only, as the boolean settings of execution: do: 1 and 0 are refused', () => {
    for (const value of ['1', '0', 'yes']) {
      expect(optionsFromEnv(raw(), { HOLODECK_VERBOSE: value })).toEqual({
        ok: false,
        message: `environment variable HOLODECK_VERBOSE="${value}" is invalid: expected true or false`,
      });
      expect(optionsFromEnv(raw(), { HOLODECK_QUIET: value })).toMatchObject({ ok: false });
    }
  });

  it('takes an empty or blank variable as unset', () => {
    const read = optionsFromEnv(raw(), { HOLODECK_VERBOSE: '', HOLODECK_QUIET: '  ', HOLODECK_OUTPUT: ' ' });
    expect(read).toMatchObject({ ok: true, raw: { output: [] } });
    expect(read.ok && (read.raw.verbose || read.raw.quiet)).toBeFalsy();
  });

  it('names HOLODECK_OUTPUT when a report it names cannot be written', () => {
    expect(optionsFromEnv(raw(), { HOLODECK_OUTPUT: 'r.json,x.txt' })).toEqual({
      ok: false,
      message:
        'environment variable HOLODECK_OUTPUT="r.json,x.txt": cannot tell the report format of "x.txt": it has the ' +
        'extension ".txt"; use .json (JSON), .md (Markdown), .xml (JUnit XML) or .html (static HTML report), or set ' +
        '--format json|markdown|junit|html',
    });
    expect(optionsFromEnv(raw({ dryRun: true }), { HOLODECK_OUTPUT: 'r.json' })).toEqual({
      ok: false,
      message:
        '--dry-run writes no report, but environment variable HOLODECK_OUTPUT="r.json" names some: unset it for a dry run',
    });
    expect(optionsFromEnv(raw({ format: 'json' }), { HOLODECK_OUTPUT: 'x.txt' })).toMatchObject({ ok: true });
    expect(optionsFromEnv(raw({ output: ['r.json'] }), { HOLODECK_OUTPUT: 'x.txt' })).toMatchObject({ ok: true });
  });
});
