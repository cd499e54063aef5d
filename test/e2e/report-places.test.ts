/**
 * Reports and the run record are written as the run goes and when it ends: a place they cannot be written is
 * refused before the first case runs (exit 2, naming the place and why), not found after every model call was
 * made and paid for.
 */
import { mkdir, readFile, readlink, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

/** Counts its turns in calls.log, so a test sees whether any case ran. */
const AGENT = `import { appendFileSync } from 'node:fs';
export function create() {
  return { send: (turn) => { appendFileSync(new URL('./calls.log', import.meta.url), 'x'); return turn.input; } };
}
`;
const YAML = `name: Places Agent
backend: { module: "agent.mjs:create" }
evaluations:
  metrics: [{ type: standard, metric: equality }]
test_cases:
  - { name: a, input: one, ground_truth: one }
  - { name: b, input: two, ground_truth: two }
`;

const calls = (dir: string) => readFile(join(dir, 'calls.log'), 'utf8').catch(() => '');

describe('places for reports and the run record', () => {
  it('refuses an --output that is a folder, and a results folder under a file, before any case runs', async () => {
    const dir = await writeProject({ 'agent.mjs': AGENT, 'agent.yaml': YAML, file: 'x' });
    await mkdir(join(dir, 'd.json'));
    const folder = await runCli(['test', 'agent.yaml', '--output', 'd.json'], { cwd: dir });
    expect(folder.code).toBe(2);
    expect(folder.stderr).toBe(`error: cannot write the report ${join(dir, 'd.json')}: it is a folder\n`);
    const results = await runCli(['test', 'agent.yaml', '--results-dir', 'file/results'], { cwd: dir });
    expect(results.code).toBe(2);
    expect(results.stderr).toBe(
      `error: cannot write the run record into ${join(dir, 'file', 'results', 'places-agent')}: a part of the path is a file, not a folder\n`,
    );
    await writeFile(join(dir, 'agent.yaml'), `${YAML}execution: { results_dir: /proc/holodeck-no-such }\n`);
    const configured = await runCli(['test', 'agent.yaml'], { cwd: dir });
    expect(configured.code).toBe(2);
    expect(configured.stderr).toBe(
      'error: cannot write the run record into /proc/holodeck-no-such/places-agent: the folder cannot be created there\n',
    );
    expect(await calls(dir)).toBe('');
  });

  it('refuses a report written over a file the configuration is read from, keeping the file', async () => {
    const cases = '[{"name": "a", "input": "one", "ground_truth": "one"}]';
    const yaml = `name: Places Agent
backend: { module: "agent.mjs:create" }
instructions: { file: prompt.md }
evaluations:
  metrics: [{ type: standard, metric: equality }]
test_cases_file: cases.json
`;
    const dir = await writeProject({
      'agent.mjs': AGENT,
      'agent.yaml': yaml,
      'cases.json': cases,
      'prompt.md': 'Echo.',
    });
    await symlink(join(dir, 'prompt.md'), join(dir, 'alias.md'));
    for (const [output, source] of [
      ['cases.json', 'cases.json'],
      ['alias.md', 'prompt.md'],
      ['agent.yaml', 'agent.yaml'],
    ] as const) {
      const format = output.endsWith('.yaml') ? ['--format', 'json'] : [];
      const run = await runCli(['test', 'agent.yaml', '--output', output, ...format], { cwd: dir });
      expect(run.code, output).toBe(2);
      expect(run.stderr).toBe(
        `error: cannot write the report ${join(dir, output)}: it is ${join(dir, source)}, which the run reads — choose another file name\n`,
      );
    }
    expect(await readFile(join(dir, 'cases.json'), 'utf8')).toBe(cases);
    expect(await readFile(join(dir, 'prompt.md'), 'utf8')).toBe('Echo.');
    expect(await calls(dir)).toBe('');
  });

  it('refuses a cassette or report written over the module agent, a grader, a turn file or another output', async () => {
    const grader = 'export function grade() { return { passed: true }; }\n';
    const yaml = `name: Places Agent
backend: { module: "./agent.mjs:create" }
test_cases:
  - name: a
    turns:
      - input: one
        files: [{ path: notes.txt, type: text }]
        evaluations: [{ type: code, grader: "graders/g.mjs:grade" }]
`;
    const dir = await writeProject({
      'agent.mjs': AGENT,
      'agent.yaml': yaml,
      'graders/g.mjs': grader,
      'notes.txt': 'notes',
    });
    const reads = (file: string) => `it is ${join(dir, file)}, which the run reads — choose another file name`;
    // A link to a report not written yet: both reports would land in one file.
    await symlink('a.json', join(dir, 'b.md'));
    for (const [args, message] of [
      [['--record', 'agent.yaml'], `the cassette agent.yaml: ${reads('agent.yaml')}`],
      [['--record', 'agent.mjs'], `the cassette agent.mjs: ${reads('agent.mjs')}`],
      [['--record', 'graders/g.mjs'], `the cassette graders/g.mjs: ${reads('graders/g.mjs')}`],
      [['--output', 'notes.txt', '--format', 'json'], `the report ${join(dir, 'notes.txt')}: ${reads('notes.txt')}`],
      [
        ['--output', 'x.json', '--record', 'x.json'],
        `the cassette x.json: it is also the report ${join(dir, 'x.json')} — choose another file name for one of them`,
      ],
      [
        ['--output', 'a.json', '--output', 'b.md'],
        `the report ${join(dir, 'b.md')}: it is also the report ${join(dir, 'a.json')} — choose another file name for one of them`,
      ],
    ] as const) {
      const run = await runCli(['test', 'agent.yaml', ...args], { cwd: dir });
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toBe(`error: cannot write ${message}\n`);
    }
    expect(await readFile(join(dir, 'agent.mjs'), 'utf8')).toBe(AGENT);
    expect(await readFile(join(dir, 'graders', 'g.mjs'), 'utf8')).toBe(grader);
    expect(await readFile(join(dir, 'notes.txt'), 'utf8')).toBe('notes');
    expect(await calls(dir)).toBe('');
  });

  it('refuses an --output that is a symbolic link that loops before any case runs, and writes through a dangling one', async () => {
    const dir = await writeProject({ 'agent.mjs': AGENT, 'agent.yaml': YAML });
    await symlink(join(dir, 'b.json'), join(dir, 'a.json'));
    await symlink(join(dir, 'a.json'), join(dir, 'b.json'));
    const loop = await runCli(['test', 'agent.yaml', '--output', 'a.json'], { cwd: dir });
    expect(loop.code).toBe(2);
    expect(loop.stderr).toBe(
      `error: cannot write the report ${join(dir, 'a.json')}: it is a symbolic link that loops\n`,
    );
    expect(await calls(dir)).toBe('');
    await symlink(join(dir, 'out', 'report.json'), join(dir, 'dangling.json'));
    const dangling = await runCli(['test', 'agent.yaml', '--output', 'dangling.json', '-q'], { cwd: dir });
    expect(dangling.code).toBe(0);
    expect(JSON.parse(await readFile(join(dir, 'out', 'report.json'), 'utf8'))).toMatchObject({
      agent_name: 'Places Agent',
    });
    expect(await readlink(join(dir, 'dangling.json'))).toBe(join(dir, 'out', 'report.json'));
  });

  it('makes a missing results folder and runs; --dry-run neither checks nor makes it', async () => {
    const dir = await writeProject({ 'agent.mjs': AGENT, 'agent.yaml': YAML });
    const dry = await runCli(['test', 'agent.yaml', '--dry-run', '--results-dir', 'new/results'], { cwd: dir });
    expect(dry.code).toBe(0);
    await expect(readFile(join(dir, 'new'))).rejects.toMatchObject({ code: 'ENOENT' });
    const run = await runCli(['test', 'agent.yaml', '--results-dir', 'new/results', '-q'], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(await calls(dir)).toBe('xx');
  });

  it('writes a report to standard output through /dev/stdout, leaving the name as it was', async () => {
    const dir = await writeProject({ 'agent.mjs': AGENT, 'agent.yaml': YAML });
    // A link in the project stands for /dev/stdout: were a file renamed over it, only the link would go.
    await symlink('/dev/stdout', join(dir, 'out.json'));
    const run = await runCli(['test', 'agent.yaml', '-q', '--output', 'out.json'], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as { summary: { total_tests: number } };
    expect(json.summary.total_tests).toBe(2);
    expect(await readlink(join(dir, 'out.json'))).toBe('/dev/stdout');
  });
});
