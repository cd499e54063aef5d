/**
 * The CI examples' own commands, run as their jobs would run them against the fake model server: the GitLab
 * CI pipeline's parallel jobs (each in its own checkout, with the CI_NODE_* variables GitLab sets) and its
 * report job over their artifacts; the Kubernetes Indexed Job's pod command for each completion index and
 * the merge Job's command. Only `npx holodeck` (the CLI built here) and the machine's paths are swapped.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { shardSlice } from '../../src/cli/shard.js';
import { SHARD_ENGINES, SHARD_TOTAL_ENV } from '../../src/cli/shard-from-environment.js';
import { createConvFinQaScript } from '../fakes/convfinqa-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { exampleDocuments, exampleYaml, runnable, type Yaml } from '../helpers/ci-examples.js';
import { CLI_PATH } from '../helpers/run-cli.js';
import { writeSuiteProject } from './suite-project.js';

const CASES = 6;
const failing = (index: number) => index === 4;

/** The CI variables of the machine running the tests stay out of the jobs. */
const CLEAN_ENV: Record<string, string> = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) =>
      name !== SHARD_TOTAL_ENV && !SHARD_ENGINES.some((engine) => name === engine.index || name === engine.total),
  ) as [string, string][],
);

interface Ran {
  readonly code: number | null;
  readonly output: string;
}

/** One shell line, as a CI runner runs a script line (`sh -c`), with a bounded time. */
function sh(line: string, cwd: string, env: Record<string, string>): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', line], { cwd, env: { ...CLEAN_ENV, NO_COLOR: '1', ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`"${line}" did not finish within 90 s:\n${output}`));
    }, 90_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** A job's script: each line in turn, stopping at the first that fails (as GitLab does); npm ci is done. */
async function script(lines: readonly string[], cwd: string, env: Record<string, string>): Promise<Ran> {
  let last: Ran = { code: 0, output: '' };
  for (const line of lines.filter((l) => l !== 'npm ci')) {
    last = await sh(runnable(line, CLI_PATH), cwd, env);
    if (last.code !== 0) return last;
  }
  return last;
}

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function project(): Promise<string> {
  server = await startFakeModelServer(createConvFinQaScript());
  return writeSuiteProject({ url: server.url, cases: CASES, failing });
}

async function junitCases(path: string): Promise<number> {
  return ((await readFile(path, 'utf8')).match(/<testcase /g) ?? []).length;
}

describe('the CI examples, run', () => {
  it('GitLab CI: the parallel jobs shard by CI_NODE_INDEX, and the report job merges their artifacts', {
    timeout: 180_000,
  }, async () => {
    const checkout = await project();
    const pipeline = exampleYaml('gitlab-ci.yml');
    const tests = pipeline['agent-tests'];
    const jobs = Array.from({ length: tests.parallel as number }, (_, i) => i + 1);
    const workspaces = await Promise.all(jobs.map(() => copyOf(checkout)));
    const ran = await Promise.all(
      jobs.map((index, i) =>
        script(tests.script, workspaces[i] as string, {
          CI_NODE_INDEX: String(index),
          CI_NODE_TOTAL: String(jobs.length),
        }),
      ),
    );
    for (const [i, job] of ran.entries()) {
      expect(job.output).toContain(`shard ${i + 1}/${jobs.length} from GitLab CI`);
      const cases = shardSlice(
        Array.from({ length: CASES }, (_, c) => c),
        { index: i + 1, total: jobs.length },
      );
      expect(job.code, job.output).toBe(cases.some(failing) ? 1 : 0);
    }

    // The report job's checkout receives every job's artifacts (the paths they declared) before its script.
    const report = await copyOf(checkout);
    for (const workspace of workspaces) {
      for (const path of tests.artifacts.paths as string[])
        await cp(join(workspace, path), join(report, path), { recursive: true });
    }
    const merged = await script(pipeline['agent-report'].script, report, {});
    expect(merged.code, merged.output).toBe(1);
    expect(merged.output).toMatch(new RegExp(`merged ${jobs.length} shards into `));
    expect(merged.output).toMatch(/5 passed · 1 failed · 6 total/);
    expect(await junitCases(join(report, pipeline['agent-report'].artifacts.reports.junit))).toBe(CASES);
  });

  it('Kubernetes: each pod runs its shard from JOB_COMPLETION_INDEX and succeeds; the merge Job gives the verdict', {
    timeout: 180_000,
  }, async () => {
    const suite = await project();
    const volume = await mkdtemp(join(tmpdir(), 'holodeck-volume-'));
    const [, job] = exampleDocuments('kubernetes-indexed-job.yaml');
    const pod = job.spec.template.spec.containers[0];
    const paths = [[pod.volumeMounts[0].mountPath, volume] as const];
    const env: Record<string, string> = Object.fromEntries(
      pod.env.map((e: Yaml) => [e.name, e.value ?? 'sk-test-from-the-secret']),
    );
    const indexes = Array.from({ length: job.spec.completions as number }, (_, i) => i);
    const pods = await Promise.all(
      indexes.map((index) =>
        sh(runnable(pod.args[0], CLI_PATH, paths), suite, { ...env, JOB_COMPLETION_INDEX: String(index) }),
      ),
    );
    for (const [index, ran] of pods.entries()) {
      expect(ran.output).toContain(
        `shard ${index + 1}/${indexes.length} from a Kubernetes Indexed Job (JOB_COMPLETION_INDEX=${index}, HOLODECK_SHARD_TOTAL=${indexes.length})`,
      );
      expect(ran.code, ran.output).toBe(0);
    }

    const [merge] = exampleDocuments('kubernetes-merge-job.yaml');
    const command = (merge.spec.template.spec.containers[0].command as string[]).map((word) => JSON.stringify(word));
    const merged = await sh(
      runnable(command.join(' ').replace('"npx" "holodeck"', 'npx holodeck'), CLI_PATH, paths),
      suite,
      {},
    );
    expect(merged.code, merged.output).toBe(1);
    expect(merged.output).toMatch(new RegExp(`merged ${indexes.length} shards into ${volume}/merged/`));
    expect(await junitCases(join(volume, 'report.xml'))).toBe(CASES);
  });
});

async function copyOf(folder: string): Promise<string> {
  const copy = await mkdtemp(join(tmpdir(), 'holodeck-job-'));
  await cp(folder, copy, { recursive: true });
  return copy;
}
