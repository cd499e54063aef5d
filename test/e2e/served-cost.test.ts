/**
 * What a run spent when its answers came from a cassette or the cache, through the built CLI: priced as when
 * they were made (the cost of the run stays comparable), said apart as not paid for now, and left out of what
 * `--max-cost` counts.
 */
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { agentYaml, FOUR_CASES, GPT4O, MINI, reply, TWO_CASES } from './cost-project.js';
import { writeProject } from './e2e-project.js';

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer(reply);
});
afterAll(() => server.close());

async function run(dir: string, args: string[]) {
  const json = join(dir, `report-${Math.random().toString(36).slice(2)}.json`);
  const md = `${json}.md`;
  const cli = await runCli(['test', dir, '--output', json, '--output', md, ...args]);
  const report = JSON.parse(await readFile(json, 'utf8')) as RunReport;
  return { cli, report, markdown: await readFile(md, 'utf8') };
}

describe('cost of answers served from a cassette or the cache', () => {
  it('a replay costs what the recorded run cost, spends nothing, and says so', async () => {
    const dir = await writeProject({ 'agent.yaml': agentYaml(server.url, MINI, GPT4O, TWO_CASES) });
    const cassette = join(dir, 'costs.jsonl');
    const recorded = await run(dir, ['--record', cassette]);
    expect(recorded.cli.code, recorded.cli.stderr).toBe(0);
    expect(recorded.report.summary.cost).toMatchObject({
      spent_usd: 0.005085,
      stored: { calls: 0, usd: 0, priced_usd: 0 },
    });
    expect(recorded.cli.stdout).not.toContain('spent');

    server.reset();
    // One case costs more than the budget: counted as spent, the replay would stop after it.
    const replayed = await run(dir, ['--replay', cassette, '--max-cost', '0.001', '-v']);
    expect(replayed.cli.code, replayed.cli.stderr).toBe(0);
    expect(server.requests).toHaveLength(0);
    const { summary, results } = replayed.report;
    expect(summary.cost_usd).toBe(0.005085);
    expect(summary.cost).toMatchObject({
      spent_usd: 0,
      stored: { calls: 6, usd: 0.005085, priced_usd: 0.005085 },
    });
    expect(results.map((result) => [result.cost_usd, result.cost?.spent_usd, result.cost?.stored?.calls])).toEqual([
      [0.001695, 0, 2],
      [0.00339, 0, 4],
    ]);
    expect(results[1]?.turns?.map((turn) => turn.cost?.stored)).toEqual([
      { calls: 2, usd: 0.001695, priced_usd: 0.001695 },
      { calls: 2, usd: 0.001695, priced_usd: 0.001695 },
    ]);
    expect(replayed.cli.stdout).toContain(
      '  Cost    $0.005085 (agent $0.000585, 3 judge calls $0.0045) · spent $0: 6 model answers came from a cassette or the cache and cost nothing now\n',
    );
    expect(replayed.cli.stdout).toMatch(/✓ two {2}2 turns · 2\/2 passed {2}[\d.]+m?s · \$0\.00339 \(spent \$0\)\n/);
    expect(replayed.cli.stdout).toMatch(/✓ turn 2\/2 {2}[\d.]+m?s · \$0\.001695 \(spent \$0\)\n/);
    // compare prices both runs alike, and says what each paid.
    const folder = join(dir, 'results', 'costs');
    const [first, second] = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort();
    const compared = await runCli(['compare', join(folder, first as string), join(folder, second as string)]);
    expect(compared.stdout).toMatch(/^ {2}cost +\$0\.005085 +\$0\.005085 +±0$/m);
    expect(compared.stdout).toMatch(/^ {2}spent +\$0\.005085 +\$0 \(6 served\) +−\$0\.005085$/m);
    expect(replayed.markdown).toContain(
      '| **Cost** | $0.005085 (agent $0.000585, 3 judge calls $0.0045) · spent $0: 6 model answers came from a cassette or the cache and cost nothing now |',
    );
  });

  it('a run partly answered from the cache spends what the model answered, and --max-cost counts only that', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'holodeck-cost-cache-'));
    const dir = await writeProject({ 'agent.yaml': agentYaml(server.url, MINI, null, `${FOUR_CASES}\n`) });
    const cache = ['--cache', '--cache-dir', cacheDir];
    // a and b fill the cache; c and d are asked of the model in the next run.
    const filled = await run(dir, [...cache, '--filter', 'a', '--filter', 'b']);
    expect(filled.cli.code, filled.cli.stderr).toBe(0);
    expect(filled.report.summary.cost?.spent_usd).toBe(0.00039);

    server.reset();
    // Each case costs $0.000195: a and b are free now, so the budget is reached only once d has finished.
    const next = await run(dir, [...cache, '-j', '1', '--max-cost', '0.0003']);
    expect(next.cli.code, next.cli.stderr).toBe(0);
    expect(next.report.results.map((result) => result.test_name)).toEqual(['a', 'b', 'c', 'd']);
    expect(next.cli.stderr).toContain('--max-cost $0.0003 reached: what finished cost $0.00039');
    expect(server.requests).toHaveLength(2);
    expect(next.report.summary.cost_usd).toBe(0.00078);
    expect(next.report.summary.cost).toMatchObject({
      spent_usd: 0.00039,
      stored: { calls: 2, usd: 0.00039, priced_usd: 0.00039 },
    });
  });

  it('--resume with the cache runs the finished repeats again from it, so the resumed repeat gets its own answer', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'holodeck-cost-cache-'));
    const single = '  - { name: one, input: q1, ground_truth: "42" }\n';
    const dir = await writeProject({ 'agent.yaml': agentYaml(server.url, MINI, null, single) });
    const cache = ['--cache', '--cache-dir', cacheDir];
    server.reset();
    // A repeat costs $0.000195: the budget is reached when the second has finished, and the third never starts.
    const stopped = await run(dir, [...cache, '--repeat', '3', '-j', '1', '--max-cost', '0.0003']);
    expect(stopped.cli.code, stopped.cli.stderr).toBe(130);
    expect(server.requests).toHaveLength(2);

    server.reset();
    const resumed = await run(dir, [...cache, '--resume']);
    expect(resumed.cli.code, resumed.cli.stderr).toBe(0);
    expect(resumed.cli.stderr).toContain(
      '2 finished repeats of unfinished test cases run again, their answers served in the order they were given',
    );
    // The first two repeats are answered from the cache as they were; the third is asked of the model.
    expect(server.requests).toHaveLength(1);
    expect(resumed.cli.stderr).toContain('2 model requests answered from the cache, 1 stored');
    expect(resumed.report.results[0]?.repeats).toHaveLength(3);
    expect(resumed.report.summary.cost).toMatchObject({ spent_usd: 0.000195, stored: { calls: 2 } });
  });

  it('--resume with the cache keeps the finished repeats of a session that ran without it', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'holodeck-cost-cache-'));
    const single = '  - { name: one, input: q1, ground_truth: "42" }\n';
    const dir = await writeProject({ 'agent.yaml': agentYaml(server.url, MINI, null, single) });
    server.reset();
    const stopped = await run(dir, ['--repeat', '3', '-j', '1', '--max-cost', '0.0003']);
    expect(stopped.cli.code, stopped.cli.stderr).toBe(130);
    server.reset();
    const resumed = await run(dir, ['--cache', '--cache-dir', cacheDir, '--resume']);
    expect(resumed.cli.code, resumed.cli.stderr).toBe(0);
    expect(resumed.cli.stderr).toContain('2 finished repeats of unfinished test cases are kept, not run again');
    // The cache holds none of their answers: only the third repeat is asked, and what the first two spent stays.
    expect(server.requests).toHaveLength(1);
    expect(resumed.report.summary.cost).toMatchObject({ spent_usd: 0.000585, stored: { calls: 0 } });
  });
});
