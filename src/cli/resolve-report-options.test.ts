import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXECUTION_DEFAULTS } from '../config/build-execution.js';
import type { ExecutionConfig } from '../core/config-types.js';
import { resolveReportOptions } from './resolve-report-options.js';
import type { TestOptions } from './test-options.js';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'holodeck-reports-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const at = (name: string) => join(dir, name);
const cli = (extra: Partial<TestOptions> = {}) =>
  ({ output: [], format: undefined, verbosity: 'normal', dryRun: false, ...extra }) as unknown as TestOptions;
const yaml = (extra: Partial<ExecutionConfig> = {}): ExecutionConfig => ({ ...EXECUTION_DEFAULTS, ...extra });
const resolveWith = (options: TestOptions, execution: ExecutionConfig, env: Record<string, string> = {}) =>
  resolveReportOptions(options, execution, env, '/p/agent.yaml');

describe('resolveReportOptions', () => {
  it('takes reports from HOLODECK_OUTPUT (commas between paths) when neither the command line nor agent.yaml names any', async () => {
    const env = { HOLODECK_OUTPUT: ` ${at('r.json')}, ${at('junit.xml')} ,, ` };
    const read = await resolveWith(cli(), yaml(), env);
    expect(read).toMatchObject({
      ok: true,
      options: { output: [at('r.json'), at('junit.xml')] },
      outputs: [
        { path: at('r.json'), format: 'json' },
        { path: at('junit.xml'), format: 'junit' },
      ],
    });
    const fromCli = await resolveWith(cli({ output: [at('cli.md')] }), yaml(), env);
    expect(fromCli).toMatchObject({ options: { output: [at('cli.md')] } });
  });

  it("takes agent.yaml's reports over HOLODECK_OUTPUT, and the command line's --output instead of both", async () => {
    const env = { HOLODECK_OUTPUT: 'x.txt' };
    const fromYaml = await resolveWith(cli(), yaml({ output: [at('a.json'), at('a.md')] }), env);
    expect(fromYaml).toMatchObject({ ok: true, outputs: [{ format: 'json' }, { format: 'markdown' }] });
    const replaced = await resolveWith(cli({ output: [at('cli.json')] }), yaml({ output: [at('a.json')] }), env);
    expect(replaced.ok && replaced.outputs.map((output) => output.path)).toEqual([at('cli.json')]);
    const formatted = await resolveWith(cli(), yaml({ output: [at('report')], format: 'junit' }));
    expect(formatted).toMatchObject({ ok: true, options: { format: 'junit' }, outputs: [{ format: 'junit' }] });
  });

  it('says a --format the reports of agent.yaml contradict, naming execution.output', async () => {
    const read = await resolveWith(cli({ format: 'markdown' }), yaml({ output: [at('a.json')] }));
    expect(read.ok).toBe(false);
    expect(!read.ok && read.message).toMatch(
      /^execution\.output of \/p\/agent\.yaml: --output .*a\.json is a JSON file name, but --format is markdown/,
    );
  });

  it("writes none of agent.yaml's or HOLODECK_OUTPUT's reports in a dry run", async () => {
    expect(await resolveWith(cli({ dryRun: true }), yaml({ output: [at('a.json')] }))).toMatchObject({
      ok: true,
      outputs: [],
    });
    expect(await resolveWith(cli({ dryRun: true }), yaml(), { HOLODECK_OUTPUT: 'r.json' })).toMatchObject({
      ok: true,
      outputs: [],
    });
  });

  it('blames a --format of a dry run on the command line, not on the reports it set aside', async () => {
    const read = await resolveWith(cli({ dryRun: true, format: 'json' }), yaml({ output: [at('a.json')] }));
    expect(read.ok).toBe(false);
    expect(!read.ok && read.message).not.toMatch(/execution\.output/);
  });

  it('takes -v or -q from the command line, else agent.yaml, else HOLODECK_VERBOSE / HOLODECK_QUIET', async () => {
    const verbosity = async (options: TestOptions, execution: ExecutionConfig, env: Record<string, string> = {}) => {
      const read = await resolveWith(options, execution, env);
      return read.ok ? read.options.verbosity : read.message;
    };
    expect(await verbosity(cli(), yaml(), { HOLODECK_QUIET: 'true' })).toBe('quiet');
    expect(await verbosity(cli(), yaml(), { HOLODECK_VERBOSE: ' TRUE ', HOLODECK_QUIET: 'false' })).toBe('verbose');
    expect(await verbosity(cli(), yaml({ verbose: true }), { HOLODECK_QUIET: 'true' })).toBe('verbose');
    // agent.yaml's `verbose: false` is a setting too: the variables are not read.
    expect(await verbosity(cli(), yaml({ verbose: false }), { HOLODECK_QUIET: 'loud' })).toBe('normal');
    const fromCli = cli({ verbosity: 'quiet' });
    expect(await verbosity(fromCli, yaml({ verbose: true }), { HOLODECK_VERBOSE: 'maybe' })).toBe('quiet');
  });

  it('refuses a value it cannot read, and both at once, naming the variables', async () => {
    expect(await resolveWith(cli(), yaml(), { HOLODECK_VERBOSE: 'loud' })).toEqual({
      ok: false,
      message: 'environment variable HOLODECK_VERBOSE="loud" is invalid: expected true or false',
    });
    expect(await resolveWith(cli(), yaml(), { HOLODECK_VERBOSE: 'true', HOLODECK_QUIET: 'True' })).toEqual({
      ok: false,
      message: 'HOLODECK_VERBOSE and HOLODECK_QUIET are both true: set one of them',
    });
    for (const value of ['1', '0', 'yes']) {
      expect(await resolveWith(cli(), yaml(), { HOLODECK_QUIET: value })).toEqual({
        ok: false,
        message: `environment variable HOLODECK_QUIET="${value}" is invalid: expected true or false`,
      });
    }
  });

  it('takes an empty or blank variable as unset', async () => {
    const env = { HOLODECK_VERBOSE: '', HOLODECK_QUIET: '  ', HOLODECK_OUTPUT: ' ' };
    expect(await resolveWith(cli(), yaml(), env)).toMatchObject({
      ok: true,
      options: { output: [], verbosity: 'normal' },
    });
  });

  it('names HOLODECK_OUTPUT when a report it names cannot be written', async () => {
    expect(await resolveWith(cli(), yaml(), { HOLODECK_OUTPUT: `${at('r.json')},x.txt` })).toEqual({
      ok: false,
      message:
        `environment variable HOLODECK_OUTPUT="${at('r.json')},x.txt": cannot tell the report format of "x.txt": it has the ` +
        'extension ".txt"; use .json (JSON), .md (Markdown), .xml (JUnit XML) or .html (static HTML report), or set ' +
        '--format json|markdown|junit|html',
    });
    expect(await resolveWith(cli({ format: 'json' }), yaml(), { HOLODECK_OUTPUT: at('x.txt') })).toMatchObject({
      ok: true,
    });
    const given = cli({ output: [at('r.json')] });
    expect(await resolveWith(given, yaml(), { HOLODECK_OUTPUT: 'x.txt' })).toMatchObject({ ok: true });
  });

  it('says a report that would be written over a folder', async () => {
    const read = await resolveWith(cli(), yaml({ output: [dir], format: 'json' }));
    expect(read).toEqual({ ok: false, message: `cannot write the report ${dir}: it is a folder` });
  });
});
