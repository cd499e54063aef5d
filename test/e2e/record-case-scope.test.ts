/**
 * A cassette and the cache answer each test case only what was recorded for it: two cases asking the same
 * first question each get their own answer back, whatever subset runs (`--filter`, `--last-failed`), in whatever
 * order, and a `--repeat` beyond the recorded one errors instead of agreeing with itself.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer } from '../fakes/fake-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { modelBlock, writeProject } from './e2e-project.js';

let server: FakeModelServer;
let asked = 0;
beforeAll(async () => {
  // The same question answered right the first time, wrong the second.
  server = await startFakeModelServer(() => {
    asked += 1;
    return answer(asked === 2 ? '1999' : '1200');
  });
});
afterAll(() => server.close());

function agentYaml(order: readonly string[]): string {
  const cases = order.map(
    (name) => `  - { name: ${name}, input: "How much does the laptop cost?", ground_truth: "1200" }`,
  );
  return `name: laptops
${modelBlock('openai', server.url)}
instructions: { inline: "Answer with the price only." }
evaluations:
  metrics: [{ type: standard, metric: equality }]
test_cases:
${cases.join('\n')}
`;
}

const lines = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => /^[✓✗!] /.test(line))
    .map((l) => l.split('  ')[0]);

describe('recorded answers belong to their test case', () => {
  it('replays and caches each case its own answer, in any order and subset', async () => {
    asked = 0;
    const dir = await writeProject({ 'agent.yaml': agentYaml(['first', 'again']) });
    const cassette = join(dir, 'c.jsonl');
    const cacheDir = await mkdtemp(join(tmpdir(), 'holodeck-cache-'));
    const recorded = await runCli(['test', dir, '--record', cassette]);
    expect(recorded.code, recorded.stderr).toBe(1);
    expect(lines(recorded.stdout)).toEqual(['✓ first', '✗ again']);

    for (const args of [['--filter', 'again'], ['--last-failed']]) {
      const replay = await runCli(['test', dir, '--replay', cassette, ...args]);
      expect(replay.code, replay.stderr).toBe(1);
      expect(lines(replay.stdout)).toEqual(['✗ again']);
    }
    await writeFile(join(dir, 'agent.yaml'), agentYaml(['again', 'first']));
    const reordered = await runCli(['test', dir, '--replay', cassette, '-j', '2']);
    expect(lines(reordered.stdout).sort()).toEqual(['✓ first', '✗ again'].sort());

    const repeated = await runCli(['test', dir, '--replay', cassette, '--filter', 'first', '--repeat', '2']);
    expect(repeated.code).toBe(1);
    expect(repeated.stdout).toContain('request not recorded in');
    expect(repeated.stdout).toContain('this often: it was made once in the recorded run');

    // The cache: filled by a run, then the failing case alone gets its own (wrong) answer back.
    asked = 0;
    await writeFile(join(dir, 'agent.yaml'), agentYaml(['first', 'again']));
    const filled = await runCli(['test', dir, '--cache', '--cache-dir', cacheDir]);
    expect(lines(filled.stdout)).toEqual(['✓ first', '✗ again']);
    const cached = await runCli(['test', dir, '--cache', '--cache-dir', cacheDir, '--filter', 'again']);
    expect(cached.stderr).toContain('1 model request answered from the cache, 0 stored');
    expect(lines(cached.stdout)).toEqual(['✗ again']);
  });
});
