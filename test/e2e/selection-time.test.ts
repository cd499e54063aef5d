/**
 * Selecting test cases takes no time whatever the names and patterns, through the built CLI: a wildcard
 * `execution.filter` or `--exclude` that a backtracking regex would try every split of a long name for, and a
 * `--grep` on RE2 (one RE2 cannot run refused, naming --grep, exit 2).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { runCli } from '../helpers/run-cli.js';
import { writeModuleProject } from './cli-project.js';

const LONG = 'a'.repeat(5000);
const QUESTION = 'what is the net cash from operating activities in 2009 compared to 2008?';
const HOSTILE_FILTER = `${'*a'.repeat(30)}*b`;

describe('selecting test cases against hostile names and patterns, end to end', () => {
  it('validate and test match a wildcard filter and --exclude at once', async () => {
    const cases = [
      { name: LONG, input: 'a' },
      { name: `${LONG}b`, input: 'b' },
    ];
    const dir = await writeModuleProject(cases, `execution: { filter: "${HOSTILE_FILTER}" }\n`);
    const validate = await runCli(['validate', 'agent.yaml'], { cwd: dir, timeoutMs: 20_000 });
    expect(validate.code, validate.stderr).toBe(0);
    const run = await runCli(['test', 'agent.yaml', '-q', '--output', 'r.json', '--exclude', '*a*a*a*a*a*a*a*ab'], {
      cwd: dir,
      timeoutMs: 20_000,
    });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(`"${HOSTILE_FILTER}" (with --exclude "*a*a*a*a*a*a*a*ab"); nothing to run`);
    const kept = await runCli(['test', 'agent.yaml', '-q', '--output', 'r.json'], { cwd: dir, timeoutMs: 20_000 });
    expect(kept.code, kept.stderr).toBe(0);
    const report = JSON.parse(await readFile(join(dir, 'r.json'), 'utf8')) as RunReport;
    expect(report.results.map((result) => result.test_name)).toEqual([`${LONG}b`]);
  });

  it('--grep runs on RE2: a backtracking pattern answers at once, lookaround is refused', async () => {
    const dir = await writeModuleProject([
      { name: QUESTION, input: 'q' },
      { name: `${'a'.repeat(40)}!`, input: 'a' },
    ]);
    for (const grep of ['^(\\w+\\s?)*$', '^(a+)+$']) {
      const run = await runCli(['test', 'agent.yaml', '-q', '--grep', grep], { cwd: dir, timeoutMs: 20_000 });
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain(`no test case name matches --grep "${grep}"; nothing to run`);
    }
    const refused = await runCli(['test', 'agent.yaml', '--grep', 'net(?= cash)'], { cwd: dir, timeoutMs: 20_000 });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      '--grep "net(?= cash)" is not a valid regular expression: lookahead (?= or (?! is not supported — patterns run on RE2',
    );
  });
});
