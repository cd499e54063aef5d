import { describe, expect, it } from 'vitest';
import { resumeCommandLine } from './resume-command-line.js';
import { shellQuote } from './shell-quote.js';
import { testCommandDefinition } from './test-command-definition.js';
import { type TestOptions, toTestOptions } from './test-options.js';

/** The options of `holodeck test ARGS`, parsed by the command's own definition. */
function parsed(args: readonly string[]): TestOptions {
  const raw = testCommandDefinition()
    .exitOverride()
    .parse([...args], { from: 'user' })
    .opts();
  return toTestOptions({ ...raw, shard: undefined });
}

describe('resumeCommandLine', () => {
  it('repeats the options the run started with, relative to the working folder', () => {
    const options = parsed([
      '-j',
      '4',
      '--workers',
      '2',
      '--timeout',
      '30',
      '--model',
      'ollama:llama3.2:1b',
      '--grace-period',
      '2',
      '--fail-on-tool-error',
      '--max-file-size',
      '250',
      '-v',
      '--format',
      'json',
    ]);
    const line = resumeCommandLine({
      configPath: '/w/proj/agent.yaml',
      resultsDir: '/w/proj/my runs',
      runId: 'fin/2026-01-01T00-00-00-000Z',
      options,
      outputs: [{ path: '/w/out/r.json', format: 'json' }],
      cwd: '/w/proj',
      command: ['holodeck'],
    });
    expect(line).toBe(
      "holodeck test agent.yaml --results-dir 'my runs' --output ../out/r.json --format json -j 4 --workers 2 --timeout 30 " +
        '--model ollama:llama3.2:1b --fail-on-tool-error --grace-period 2 --max-file-size 250 -v --resume fin/2026-01-01T00-00-00-000Z',
    );
  });

  it('is the bare command when nothing was set', () => {
    const line = resumeCommandLine({
      configPath: '/w/agent.yaml',
      resultsDir: null,
      runId: 'a/b',
      options: parsed([]),
      outputs: [],
      cwd: '/w',
      command: ['holodeck'],
    });
    expect(line).toBe('holodeck test agent.yaml --resume a/b');
  });

  it('carries --replay and the cache, not --record (a recording would be written anew with the rest only)', () => {
    const line = (args: readonly string[]) =>
      resumeCommandLine({
        configPath: '/w/agent.yaml',
        resultsDir: null,
        runId: 'a/b',
        options: parsed(args),
        outputs: [],
        cwd: '/w',
        command: ['holodeck'],
      });
    expect(line(['--replay', 'run.cassette.jsonl'])).toBe(
      'holodeck test agent.yaml --replay run.cassette.jsonl --resume a/b',
    );
    expect(line(['--cache', '--cache-dir', '.cache'])).toBe(
      'holodeck test agent.yaml --cache --cache-dir .cache --resume a/b',
    );
    expect(line(['--record', 'run.cassette.jsonl'])).toBe('holodeck test agent.yaml --resume a/b');
  });
});

describe('shellQuote', () => {
  it('leaves safe words bare and single-quotes the rest', () => {
    expect(shellQuote('a/b-c_1.json')).toBe('a/b-c_1.json');
    expect(shellQuote("it's here")).toBe(`'it'\\''s here'`);
    expect(shellQuote('')).toBe("''");
    expect(shellQuote('$HOME')).toBe("'$HOME'");
  });
});
