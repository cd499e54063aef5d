/** Misuse of --resume, --shard and merge-reports ends with exit 2 and a message saying what to do. */
import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { writeProject } from '../e2e/e2e-project.js';
import { runCli } from '../helpers/run-cli.js';

const AGENT = fileURLToPath(new URL('./fixtures/echo-agent.ts', import.meta.url));

const yaml = (name: string) => `name: ${name}
model: { provider: ollama, name: unused }
backend: { module: "${AGENT}:createEchoAgent" }
instructions: { inline: "echo" }
test_cases:
  - { name: one, input: "1", ground_truth: "1" }
  - { name: two, input: "2", ground_truth: "2" }
`;

/** The first line of a run's log, as a run of `agent` writes it. */
function header(agent: string) {
  return {
    record_version: 1,
    run_id: 'run-1',
    agent_name: agent,
    agent_config_path: '/x/agent.yaml',
    timestamp: '2030-01-01T00:00:00.000Z',
    holodeck_version: '0.1.0',
    metadata: {
      cli_args: [],
      config_snapshot: null,
      git_commit: null,
      holodeck_version: '0.1.0',
      node_version: 'v20',
      backend: 'module',
      model: { provider: 'ollama', name: 'unused' },
      started_at: '2030-01-01T00:00:00.000Z',
    },
  };
}

describe('-q with -v', () => {
  it.each([['test'], ['merge-reports']])('is a usage error of %s: one of the two would go unsaid', async (command) => {
    const dir = await writeProject({ 'agent.yaml': yaml('echo') });
    const run = await runCli([command, dir, '-q', '-v']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("option '-q, --quiet' cannot be used with option '-v, --verbose'");
  });
});

describe('usage errors of long-run options', () => {
  it('--resume: nothing to resume, a completed run, another agent, or selection options', async () => {
    const dir = await writeProject({ 'agent.yaml': yaml('echo'), 'other.yaml': yaml('other') });
    const none = await runCli(['test', dir, '--resume']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--resume: no interrupted run to continue in .*results\/echo/);

    expect((await runCli(['test', dir, '-q'])).code).toBe(0);
    const [record] = await readdir(join(dir, 'results', 'echo'));
    const id = `echo/${(record as string).replace(/\.json$/, '')}`;
    const completed = await runCli(['test', dir, '--resume', id]);
    expect(completed.code).toBe(2);
    expect(completed.stderr).toMatch(/already completed; there is nothing to resume/);

    const log = join(dir, 'results', 'echo', '2030-01-01T00-00-00-000Z.partial.jsonl');
    await writeFile(log, `${JSON.stringify(header('echo'))}\n`);
    const other = await runCli(['test', join(dir, 'other.yaml'), '--resume', log]);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/is of agent "echo", not "other"/);
    await rm(log);

    const filtered = await runCli(['test', dir, '--resume', id, '--filter', 'one']);
    expect(filtered.code).toBe(2);
    expect(filtered.stderr).toMatch(/drop --filter, --grep, --exclude, --last-failed, --limit and --shard/);

    const missing = await runCli(['test', dir, '--resume', 'echo/2020-01-01T00-00-00-000Z']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no such run/);
  });

  it('--resume: refuses another config file, and another model than the run ran on', async () => {
    const dir = await writeProject({ 'agent.yaml': yaml('echo') });
    expect((await runCli(['test', dir, '-q'])).code).toBe(0);
    const [record] = await readdir(join(dir, 'results', 'echo'));
    const configPath = (
      JSON.parse(await readFile(join(dir, 'results', 'echo', record as string), 'utf8')) as {
        report: { agent_config_path: string };
      }
    ).report.agent_config_path;
    const log = join(dir, 'results', 'echo', '2030-01-01T00-00-00-000Z.partial.jsonl');
    const resume = async (head: object, extra: string[] = []) => {
      await writeFile(log, `${JSON.stringify(head)}\n`);
      return runCli(['test', dir, '--resume', log, ...extra]);
    };
    // Another file: /x/agent.yaml would be this one, moved (the results folder beside it).
    const elsewhere = await resume({ ...header('echo'), agent_config_path: '/x/smoke.yaml' });
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toContain(
      `was started from /x/smoke.yaml, not ${configPath}: resume it with that configuration (holodeck test /x/smoke.yaml --resume ${log.replace('.partial.jsonl', '.json')})`,
    );
    const ours = { ...header('echo'), agent_config_path: configPath };
    const otherModel = await resume(ours, ['--model', 'ollama:other']);
    expect(otherModel.code).toBe(2);
    expect(otherModel.stderr).toContain(
      "ran on ollama:unused; resuming it on ollama:other would put two models' results in one record: drop --model, or start a new run",
    );
    const startedWithReports = {
      ...ours,
      metadata: { ...ours.metadata, cli_args: ['test', '.', '--output', 'r.json'] },
    };
    const same = await resume(startedWithReports);
    expect(same.code, same.stderr).toBe(0);
    // No --output now: the report the earlier session wrote is left as it was, and that is said.
    expect(same.stderr + same.stdout).toContain(
      'the run was started with --output r.json: give them again to write those reports for the resumed run; they are left as its earlier session wrote them',
    );
  });

  it("--resume: counts the unreadable lines of the run's log, one as one", async () => {
    const dir = await writeProject({ 'agent.yaml': yaml('echo') });
    expect((await runCli(['test', dir, '-q'])).code).toBe(0);
    const [record] = await readdir(join(dir, 'results', 'echo'));
    const configPath = (
      JSON.parse(await readFile(join(dir, 'results', 'echo', record as string), 'utf8')) as {
        report: { agent_config_path: string };
      }
    ).report.agent_config_path;
    const head = JSON.stringify({ ...header('echo'), agent_config_path: configPath });
    const said = async (name: string, cut: string[]) => {
      const log = join(dir, 'results', 'echo', `${name}.partial.jsonl`);
      await writeFile(log, `${[head, ...cut].join('\n')}\n`);
      const run = await runCli(['test', dir, '--resume', log]);
      expect(run.code, run.stderr).toBe(0);
      return run.stderr;
    };
    expect(await said('2030-01-01T00-00-00-000Z', ['{"test_name": "one", "tur'])).toContain(
      "\n1 unreadable line of the run's log is ignored (its case runs again)\n",
    );
    expect(await said('2030-01-01T00-00-01-000Z', ['{"test_name": "one"', 'not json'])).toContain(
      "\n2 unreadable lines of the run's log are ignored (their cases run again)\n",
    );
  });

  it('--resume: runs a finished case again when its ground truth changed since the run started', async () => {
    const checked = yaml('echo').replace(
      'test_cases:',
      'evaluations: { metrics: [{ type: standard, metric: equality }] }\ntest_cases:',
    );
    const dir = await writeProject({ 'agent.yaml': checked });
    expect((await runCli(['test', dir, '-q'])).code).toBe(0);
    const folder = join(dir, 'results', 'echo');
    const [file] = await readdir(folder);
    const done = JSON.parse(await readFile(join(folder, file as string), 'utf8')) as {
      run_id: string;
      metadata: object;
      report: { agent_config_path: string; results: { test_name: string }[] };
    };
    // An interrupted run that finished 'one' only (it passed against ground truth "1").
    const head = { ...header('echo'), agent_config_path: done.report.agent_config_path, metadata: done.metadata };
    const finished = done.report.results.find((result) => result.test_name === 'one');
    const log = join(folder, '2030-01-01T00-00-00-000Z.partial.jsonl');
    await writeFile(log, `${JSON.stringify(head)}\n${JSON.stringify(finished)}\n`);
    await writeFile(join(dir, 'agent.yaml'), checked.replace('ground_truth: "1"', 'ground_truth: "CHANGED"'));
    const resumed = await runCli(['test', dir, '--resume', log, '--output', join(dir, 'r.json')]);
    expect(resumed.stderr).toContain(
      'test case "one" changed since the run started (its turns, ground truths, expected tools or metrics): it runs again',
    );
    expect(resumed.code).toBe(1);
    const report = JSON.parse(await readFile(join(dir, 'r.json'), 'utf8')) as {
      results: { test_name: string; passed: boolean }[];
    };
    expect(report.results.map((result) => [result.test_name, result.passed])).toEqual([
      ['one', false],
      ['two', true],
    ]);
  });

  it('--resume: a log without its header cannot be resumed', async () => {
    const dir = await writeProject({ 'agent.yaml': yaml('echo') });
    await mkdir(join(dir, 'results', 'echo'), { recursive: true });
    await writeFile(join(dir, 'results', 'echo', '2026-01-01T00-00-00-000Z.partial.jsonl'), '{"test_name":"one"}\n');
    const run = await runCli(['test', dir, '--resume']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/has no header line naming its run/);
  });

  it('--shard: a malformed or out-of-range value; an empty shard still runs and records', async () => {
    const dir = await writeProject({ 'agent.yaml': yaml('echo') });
    for (const [value, message] of [
      ['3', /expected INDEX\/TOTAL/],
      ['0/2', /between 1 and 2/],
      ['3/2', /between 1 and 2/],
    ] as const) {
      const run = await runCli(['test', dir, '--shard', value]);
      expect(run.code, value).toBe(2);
      expect(run.stderr, value).toMatch(message);
    }
    const twice = await runCli(['test', dir, '--shard', '1/3', '--shard', 'auto'], {
      env: { CI_NODE_INDEX: '2', CI_NODE_TOTAL: '3' },
    });
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain(
      "argument 'auto' is invalid. --shard is given twice, with different values: give it once",
    );
    const empty = await runCli(['test', dir, '--shard', '3/3', '--shard', '3/3', '--filter', 'one']);
    expect(empty.code, empty.stderr).toBe(0);
    expect(empty.stderr).toMatch(/shard 3\/3 holds no test case \(1 selected\)/);
  });

  it('merge-reports: a missing path, a file that is no record, a folder without records', async () => {
    const dir = await writeProject({ 'agent.yaml': yaml('echo'), 'notes.json': '{"hello": 1}' });
    const missing = await runCli(['merge-reports', join(dir, 'nope')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/nope: no such file or folder/);
    execFileSync('mkfifo', [join(dir, 'pipe.json')]);
    const pipe = await runCli(['merge-reports', join(dir, 'pipe.json')], { timeoutMs: 20_000 });
    expect(pipe.code).toBe(2);
    expect(pipe.stderr).toMatch(/pipe\.json is not a regular file or a folder \(a named pipe or a device\)/);
    await rm(join(dir, 'pipe.json'));
    const notRecord = await runCli(['merge-reports', join(dir, 'notes.json')]);
    expect(notRecord.code).toBe(2);
    expect(notRecord.stderr).toMatch(/notes\.json is not a holodeck run record/);
    await rm(join(dir, 'notes.json'));
    const empty = await runCli(['merge-reports', dir]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/no run record found/);
  });
});
