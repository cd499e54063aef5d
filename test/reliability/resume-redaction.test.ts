/**
 * `--resume` masks what the run it continues masked: the names given to `--redact` are kept in the run record
 * (never their values), so the resumed part of a run cannot write a value the first part masked, even when
 * the resume command does not repeat `--redact`.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readRunRecord } from '../../src/records/run-record.js';
import { writeProject } from '../e2e/e2e-project.js';
import { runCli } from '../helpers/run-cli.js';
import { startCli } from './cli-process.js';

const SECRET = 'plain-words-no-key-shape-4711';
const NAME = 'RESUME_MASKED_VALUE';

/** A module agent that answers with the variable's value; `hold` cases wait while the file `hold` exists. */
const AGENT = `
import { existsSync } from 'node:fs';
import { join } from 'node:path';
export const createAgent = () => ({
  async send(turn: { input: string }) {
    while (turn.input.startsWith('hold') && existsSync(join(${JSON.stringify('__DIR__')}, 'hold'))) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return 'the value is ' + process.env.${NAME};
  },
});
`;

const YAML = `name: masked
backend: { module: "agent.ts:createAgent" }
evaluations:
  metrics: [{ type: standard, metric: equality }]
test_cases:
  - { name: first, input: now, ground_truth: "the value is \${${NAME}}" }
  - { name: second, input: hold-1, ground_truth: "the value is \${${NAME}}" }
  - { name: third, input: hold-2, ground_truth: "the value is \${${NAME}}" }
`;

let previous: string | undefined;
afterEach(() => {
  if (previous === undefined) delete process.env[NAME];
  else process.env[NAME] = previous;
});

async function recordFiles(dir: string): Promise<string[]> {
  const folder = join(dir, 'results', 'masked');
  return (await readdir(folder)).map((name) => join(folder, name));
}

describe('--resume and --redact', () => {
  it('keeps masking the variables the interrupted run masked', { timeout: 90_000 }, async () => {
    const dir = await writeProject({ 'agent.yaml': YAML, hold: '' });
    await writeFile(join(dir, 'agent.ts'), AGENT.replace('"__DIR__"', JSON.stringify(dir)));
    previous = process.env[NAME];
    process.env[NAME] = SECRET;

    const cli = startCli(['test', 'agent.yaml', '--redact', NAME], { cwd: dir });
    await cli.waitForLines(/^✓ first/, 1);
    cli.child.kill('SIGKILL');
    await cli.exited;
    await rm(join(dir, 'hold'));
    expect(existsSync(join(dir, 'hold'))).toBe(false);

    // The resume command as printed after an interruption: no --redact.
    const resumed = await runCli(['test', 'agent.yaml', '--resume'], { cwd: dir, env: { [NAME]: SECRET } });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(`${resumed.stdout}${resumed.stderr}`).not.toContain(SECRET);
    const files = await recordFiles(dir);
    for (const file of files) expect(await readFile(file, 'utf8')).not.toContain(SECRET);
    const record = await readRunRecord(files.find((file) => file.endsWith('.json')) as string);
    expect(record.state).toBe('completed');
    expect(record.metadata.execution?.redact).toEqual([NAME]);
    expect(record.report.results.map((result) => [result.test_name, result.agent_response, result.passed])).toEqual([
      ['first', `the value is ***${NAME}`, true],
      ['second', `the value is ***${NAME}`, true],
      ['third', `the value is ***${NAME}`, true],
    ]);
  });
});
