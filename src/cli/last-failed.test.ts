import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { singleCase } from '../../test/support/dashboard/sample-results.js';
import { type RunSpec, selectionOf, writeRun } from '../../test/support/dashboard/write-records.js';
import { partialLogOf } from '../../test/support/records/partial-log-of.js';
import { lastFailed, lastFailedNotice, nothingFailed } from './last-failed.js';

async function resultsDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'holodeck-last-failed-'));
  await mkdir(join(dir, 'agent'));
  return dir;
}

/** A run of agent "agent" of `<dir>/../agent.yaml` (its results folder beside it), c1 failing where said. */
function run(dir: string, startedAt: string, failed: readonly string[], more: Partial<RunSpec> = {}): RunSpec {
  const results = ['c1', 'c2', 'c3'].map((name) => singleCase(name, !failed.includes(name)));
  return { agentName: 'agent', configPath: join(dir, '..', 'agent.yaml'), startedAt, results, ...more };
}

/** The log a run that crashed leaves: its header line, then the cases it finished. */
async function writeLog(dir: string, spec: RunSpec): Promise<void> {
  await writeFile(join(dir, 'agent', `${spec.startedAt.replace(/[:.]/g, '-')}.partial.jsonl`), partialLogOf(spec));
}

const query = (dir: string, model = 'ollama:qwen3:8b', configPath = join(dir, '..', 'agent.yaml')) => ({
  resultsDir: dir,
  agentName: 'agent',
  configPath,
  model,
});

describe('lastFailed', () => {
  it('names an unreadable latest run once, with why', async () => {
    const dir = await resultsDir();
    const record = join(dir, 'agent', '2026-12-07T13-00-00-000Z.json');
    await writeFile(record, '');
    expect(await lastFailed(query(dir))).toEqual({
      ok: false,
      message: `--last-failed: cannot read the latest run, ${record}: not valid JSON: empty file; fix it, or move it out of ${join(dir, 'agent')} to read the runs before it`,
    });
  });

  it('names an unreadable earlier run as earlier, with the latest', async () => {
    const dir = await resultsDir();
    const older = join(dir, 'agent', '2026-12-07T12-00-00-000Z.json');
    await writeFile(older, '{');
    const selection = selectionOf(1, { filters: ['c1'] });
    await writeRun(dir, run(dir, '2026-12-07T13:00:00.000Z', [], { selection }));
    const found = await lastFailed(query(dir));
    expect(found.ok).toBe(false);
    expect(found.ok ? '' : found.message).toMatch(
      /^--last-failed: cannot read an earlier run \(the latest is agent\/2026-12-07T13-00-00-000Z\), .*12-00-00-000Z\.json: not valid JSON/,
    );
  });

  it('counts the cases a crashed run logged: a failure there reruns, the rest come from the run before', async () => {
    const dir = await resultsDir();
    await writeRun(dir, run(dir, '2026-12-07T12:00:00.000Z', ['c3']));
    const crashed = run(dir, '2026-12-07T13:00:00.000Z', ['c1']);
    await writeLog(dir, { ...crashed, results: crashed.results.slice(0, 1) });
    const found = await lastFailed(query(dir));
    expect(found).toEqual({
      ok: true,
      run_id: 'agent/2026-12-07T13-00-00-000Z',
      runs: [
        { id: 'agent/2026-12-07T13-00-00-000Z', state: 'unfinished' },
        { id: 'agent/2026-12-07T12-00-00-000Z', state: 'completed' },
      ],
      names: ['c1', 'c3'],
    });
    if (found.ok) {
      expect(lastFailedNotice(found, 'ollama:qwen3:8b', 2)).toBe(
        'running the 2 test cases that failed on ollama:qwen3:8b in agent/2026-12-07T13-00-00-000Z, a run that did not finish (read from its log), and 1 earlier run back to one of the whole suite',
      );
    }
  });

  it("follows the history of the run's model: another model's later run does not decide", async () => {
    const dir = await resultsDir();
    await writeRun(dir, run(dir, '2026-12-07T12:00:00.000Z', ['c1']));
    const nano = { provider: 'openai', name: 'gpt-4.1-nano' };
    await writeRun(dir, run(dir, '2026-12-07T13:00:00.000Z', [], { model: nano }));
    const configured = await lastFailed(query(dir));
    expect(configured.ok && configured.names).toEqual(['c1']);
    const other = await lastFailed(query(dir, 'openai:gpt-4.1-nano'));
    expect(other.ok && nothingFailed(other, 'openai:gpt-4.1-nano')).toBe(
      'no test case failed in the latest run on openai:gpt-4.1-nano (agent/2026-12-07T13-00-00-000Z); nothing to run',
    );
    expect(await lastFailed(query(dir, 'openai:gpt-4o'))).toEqual({
      ok: false,
      message: `--last-failed: no earlier run of ${join(dir, '..', 'agent.yaml')} on openai:gpt-4o in ${join(dir, 'agent')}; it ran on openai:gpt-4.1-nano, ollama:qwen3:8b there: give --model openai:gpt-4.1-nano to rerun the failures of that model`,
    });
  });

  it('keeps the history of a moved project, and tells another config file of the same agent apart', async () => {
    const dir = await resultsDir();
    const moved = join(dir, '..', 'agent.yaml');
    await writeRun(dir, run(dir, '2026-12-07T12:00:00.000Z', ['c2'], { configPath: '/old/place/agent.yaml' }));
    await writeRun(dir, run(dir, '2026-12-07T13:00:00.000Z', ['c1'], { configPath: '/old/place/smoke.yaml' }));
    const found = await lastFailed(query(dir, 'ollama:qwen3:8b', moved));
    expect(found.ok && found.names).toEqual(['c2']);
  });
});
