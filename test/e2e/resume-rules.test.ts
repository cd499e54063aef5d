/**
 * `--resume` keeps the rules that judged the finished cases: another turn time limit or tool-error rule is
 * refused before anything runs, the run's `--fail-on-tool-error` holds without being given again, and a finished
 * case whose metrics changed runs again rather than leave a record judged by two metric sets.
 */
import type { ChildProcess } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { until } from '../helpers/until.js';
import { writeProject } from './e2e-project.js';

// Case `hang` never answers: the run is killed while it waits, the two cases before it finished.
const AGENT = `export function create() {
  return {
    async send(turn) {
      if (turn.input === 'hang' && !process.env.LET_GO) await new Promise(() => setInterval(() => {}, 1000));
      return turn.input;
    },
  };
}
`;

/** `upper`: the ground truths of a and b in capitals, which only a case-insensitive equality passes. */
function agentYaml(metrics: string, upper = false): string {
  return `name: rules
backend: { module: "agent.mjs:create" }
evaluations:
  metrics: [${metrics}]
execution: { parallel_test_cases: 1 }
test_cases:
  - { name: a, input: a, ground_truth: ${upper ? 'A' : 'a'} }
  - { name: b, input: b, ground_truth: ${upper ? 'B' : 'b'} }
  - { name: hang, input: hang, ground_truth: hang }
`;
}

/** A project whose run was killed after cases a and b finished; `args` are the run's options. */
async function interrupted(
  args: readonly string[],
  yaml = agentYaml('{ type: standard, metric: equality }'),
  env: Record<string, string> = {},
): Promise<string> {
  const dir = await writeProject({ 'agent.mjs': AGENT, 'agent.yaml': yaml });
  let child: ChildProcess | null = null;
  const run = runCli(['test', 'agent.yaml', ...args], { cwd: dir, env, onSpawn: (spawned) => (child = spawned) });
  const folder = join(dir, 'results', 'rules');
  const logged = async () => {
    const files = await readdir(folder).catch(() => [] as string[]);
    const log = files.find((name) => name.endsWith('.partial.jsonl'));
    return log === undefined
      ? 0
      : (await readFile(join(folder, log), 'utf8')).split('\n').filter((l) => l.includes('"test_name"')).length;
  };
  let count = 0;
  await until(() => {
    void logged().then((n) => (count = n));
    return count >= 2;
  }, 20_000);
  (child as ChildProcess | null)?.kill('SIGKILL');
  expect((await run).signal).toBe('SIGKILL');
  return dir;
}

describe('--resume and the rules of the run', () => {
  it('refuses another turn time limit, and --fail-on-tool-error the run was started without', async () => {
    const dir = await interrupted(['--timeout', '30']);
    const timeout = await runCli(['test', 'agent.yaml', '--resume', '--timeout', '1'], { cwd: dir });
    expect(timeout.code).toBe(2);
    expect(timeout.stderr).toMatch(
      /ran with a turn time limit of 30 s; resuming it with 1 s would judge its cases by two limits in one record/,
    );
    const strict = await runCli(['test', 'agent.yaml', '--resume', '--fail-on-tool-error'], { cwd: dir });
    expect(strict.code).toBe(2);
    expect(strict.stderr).toMatch(
      /ran without --fail-on-tool-error; resuming it with it .* would judge its cases by two rules/,
    );
    const resumed = await runCli(['test', 'agent.yaml', '--resume', '--output', 'r.json'], {
      cwd: dir,
      env: { LET_GO: '1' },
    });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(/2 of 3 test cases finished before/i);
    // Nothing changed: the finished cases are kept, none said to have changed.
    expect(resumed.stderr).not.toContain('changed since the run started');
  });

  it("keeps the run's --fail-on-tool-error when it is not given again", async () => {
    const dir = await interrupted(['--fail-on-tool-error']);
    const resumed = await runCli(['test', 'agent.yaml', '--resume', '--output', 'r.json'], {
      cwd: dir,
      env: { LET_GO: '1' },
    });
    expect(resumed.code, resumed.stderr).toBe(0);
    const folder = join(dir, 'results', 'rules');
    const [record = ''] = (await readdir(folder)).filter((name) => name.endsWith('.json'));
    const { metadata } = JSON.parse(await readFile(join(folder, record), 'utf8')) as {
      metadata: { config_snapshot: { execution: { fail_on_tool_error: boolean } }; resumed_at: string[] };
    };
    expect(metadata.resumed_at).toHaveLength(1);
    expect(metadata.config_snapshot.execution.fail_on_tool_error).toBe(true);
  });

  it('runs a finished case again once its metrics changed', async () => {
    const dir = await interrupted([]);
    await writeFile(
      join(dir, 'agent.yaml'),
      agentYaml(
        '{ type: standard, metric: equality, enabled: false }, { type: standard, metric: bleu, threshold: 0.99 }',
      ),
    );
    const resumed = await runCli(['test', 'agent.yaml', '--resume', '--output', 'r.json'], {
      cwd: dir,
      env: { LET_GO: '1' },
    });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(
      /test case "a" changed since the run started \(its turns, ground truths, expected tools or metrics\): it runs again/,
    );
    const report = JSON.parse(await readFile(join(dir, 'r.json'), 'utf8')) as {
      results: { test_name: string; metric_results: { metric_name: string }[] }[];
    };
    for (const result of report.results) expect(result.metric_results.map((m) => m.metric_name)).toEqual(['bleu']);
  });

  it("runs the finished cases again once a setting of the agent's metrics changed", async () => {
    const lenient = '{ type: standard, metric: equality, case_insensitive: true }';
    const dir = await interrupted([], agentYaml(lenient, true));
    await writeFile(join(dir, 'agent.yaml'), agentYaml('{ type: standard, metric: equality }', true));
    const resumed = await runCli(['test', 'agent.yaml', '--resume', '--output', 'r.json'], {
      cwd: dir,
      env: { LET_GO: '1' },
    });
    expect(resumed.stderr).toContain("the agent's metrics (evaluations.metrics) changed since the run started");
    expect(resumed.code).toBe(1);
    const report = JSON.parse(await readFile(join(dir, 'r.json'), 'utf8')) as {
      results: { test_name: string; passed: boolean }[];
    };
    expect(report.results.map((r) => [r.test_name, r.passed])).toEqual([
      ['a', false],
      ['b', false],
      ['hang', true],
    ]);
  });

  it('keeps a finished case whose input and ground truth hold a masked secret: the record holds it masked', async () => {
    const secret = 'acct-5512-9931-7720';
    const yaml = agentYaml('{ type: standard, metric: equality }')
      .replace('{ parallel_test_cases: 1 }', '{ parallel_test_cases: 1, redact: [BILLING_ACCOUNT] }')
      .replace(
        '{ name: a, input: a, ground_truth: a }',
        `{ name: a, input: "a ${secret}", ground_truth: "a ${secret}" }`,
      );
    const env = { BILLING_ACCOUNT: secret };
    const dir = await interrupted([], yaml, env);
    const folder = join(dir, 'results', 'rules');
    const [log = ''] = (await readdir(folder)).filter((name) => name.endsWith('.partial.jsonl'));
    const logged = await readFile(join(folder, log), 'utf8');
    expect(logged).not.toContain(secret);
    const resumed = await runCli(['test', 'agent.yaml', '--resume', '--output', 'r.json'], {
      cwd: dir,
      env: { ...env, LET_GO: '1' },
    });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(/2 of 3 test cases finished before/i);
    expect(resumed.stderr).not.toContain('changed since the run started');
    expect(`${resumed.stdout}${resumed.stderr}${await readFile(join(dir, 'r.json'), 'utf8')}`).not.toContain(secret);
  });
});
