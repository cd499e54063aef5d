/**
 * A project whose runs make a history, for the tests of --last-failed, --resume and compare: three single-turn
 * cases (c1, c2, c3, run one at a time in that order) asked of a fake OpenAI server that answers each model as
 * told — wrongly for the questions listed for it, never for those listed as hanging — and a run killed once
 * its log holds a number of finished cases, as a crash leaves it.
 */
import type { ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { lastUserText } from '../fakes/fake-request-view.js';
import { answer } from '../fakes/fake-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { type CliRun, runCli } from '../helpers/run-cli.js';
import { until } from '../helpers/until.js';
import { writeProject } from './e2e-project.js';

export interface HistoryServer {
  readonly server: FakeModelServer;
  /** Model name → the questions (`q1`…) it answers wrongly. */
  readonly wrong: Map<string, Set<string>>;
  /** Questions no model answers (the run waits on them until it is killed). */
  readonly hang: Set<string>;
}

/**
 * The fake OpenAI server of a test file: started before its tests and closed after them; the wrong answers and
 * hangs a test scripts are cleared before the next.
 */
export function useHistoryServer(): HistoryServer {
  const wrong = new Map<string, Set<string>>();
  const hang = new Set<string>();
  let started: FakeModelServer | undefined;
  beforeAll(async () => {
    started = await startFakeModelServer((request) => {
      const question = lastUserText(request);
      const right = question.replace(/^q/, 'a');
      if (hang.has(question)) return { ...answer(right), delay_ms: 120_000 };
      return answer(wrong.get(request.model)?.has(question) === true ? `not ${right}` : right);
    });
  });
  afterAll(() => started?.close());
  beforeEach(() => {
    wrong.clear();
    hang.clear();
  });
  return {
    get server(): FakeModelServer {
      if (started === undefined) throw new Error('the fake model server starts before the first test');
      return started;
    },
    wrong,
    hang,
  };
}

export function historyYaml(url: string, name = 'history'): string {
  return `name: ${name}
model: { provider: openai, name: gpt-4o-mini, endpoint: "${url}/v1", api_key: sk-test-0123456789 }
instructions: { inline: "Answer with the code only." }
evaluations:
  metrics: [{ type: standard, metric: equality }]
execution: { parallel_test_cases: 1 }
test_cases:
  - { name: c1, input: q1, ground_truth: a1 }
  - { name: c2, input: q2, ground_truth: a2 }
  - { name: c3, input: q3, ground_truth: a3 }
`;
}

export function writeHistoryProject(url: string): Promise<string> {
  return writeProject({ 'agent.yaml': historyYaml(url) });
}

/** Runs `holodeck test agent.yaml` with a JSON report: its exit, output and the cases it ran. */
export async function ranCases(dir: string, args: readonly string[]): Promise<CliRun & { names: string[] }> {
  const run = await runCli(['test', 'agent.yaml', '-q', '--output', 'r.json', ...args], { cwd: dir });
  if (run.code !== 0 && run.code !== 1) return { ...run, names: [] };
  const report = JSON.parse(await readFile(join(dir, 'r.json'), 'utf8')) as RunReport;
  return { ...run, names: report.results.map((result) => result.test_name) };
}

/** Starts a run and kills it (SIGKILL) once its log holds `count` finished cases; the log's path. */
export async function crashAfter(dir: string, count: number, args: readonly string[] = []): Promise<string> {
  let child: ChildProcess | null = null;
  const run = runCli(['test', 'agent.yaml', ...args], { cwd: dir, onSpawn: (spawned) => (child = spawned) });
  const folder = join(dir, 'results', 'history');
  let log: string | null = null;
  let logged = 0;
  const look = async () => {
    const logs = (await readdir(folder).catch(() => [] as string[])).filter((file) => file.endsWith('.partial.jsonl'));
    // The newest: an earlier crash may have left its log too.
    const name = logs.sort().at(-1);
    if (name === undefined) return;
    log = join(folder, name);
    const text = await readFile(log, 'utf8').catch(() => '');
    logged = text.split('\n').filter((line) => line.includes('"test_name"')).length;
  };
  await until(() => {
    void look();
    return logged >= count;
  }, 20_000);
  (child as ChildProcess | null)?.kill('SIGKILL');
  expect((await run).signal).toBe('SIGKILL');
  return log as unknown as string;
}
