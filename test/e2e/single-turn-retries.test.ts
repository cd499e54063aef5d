/**
 * A single-turn case reports the model requests it retried, as each turn of a multi-turn case does: in the JSON
 * report's result, and beside its time in the Markdown and JUnit reports — its judges' requests included.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { answer } from '../fakes/fake-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('retries of a single-turn case', () => {
  it('are counted on the case in the JSON, Markdown and JUnit reports', { timeout: 60_000 }, async () => {
    // The first two requests of question "flaky" fail with 503; every other request is answered at once.
    let flakyAsked = 0;
    server = await startFakeModelServer((request) => {
      const last = request.messages.at(-1);
      const question = last?.role === 'user' ? last.text : '';
      if (question !== 'flaky') return answer('42');
      flakyAsked += 1;
      if (flakyAsked <= 2) return { kind: 'error', status: 503 };
      return answer('42');
    });
    const dir = await writeProject({
      'agent.yaml': `name: retried
model: { provider: openai, name: m, endpoint: "${server.url}/v1", api_key: sk-test-0123456789 }
execution: { max_retries: 3 }
evaluations: { metrics: [{ type: standard, metric: equality }] }
test_cases:
  - { name: flaky, input: flaky, ground_truth: "42" }
  - { name: steady, input: steady, ground_truth: "42" }
`,
    });
    const run = await runCli(
      ['test', 'agent.yaml', '-q', '--output', 'r.json', '--output', 'r.md', '--output', 'r.xml'],
      { cwd: dir },
    );
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(await readFile(join(dir, 'r.json'), 'utf8')) as {
      results: { test_name: string; retries?: number; turns?: unknown }[];
    };
    expect(report.results.map(({ test_name, retries, turns }) => ({ test_name, retries, turns }))).toEqual([
      { test_name: 'flaky', retries: 2, turns: undefined },
      { test_name: 'steady', retries: 0, turns: undefined },
    ]);
    expect(await readFile(join(dir, 'r.md'), 'utf8')).toMatch(/ · 2 retries/);
    expect(await readFile(join(dir, 'r.xml'), 'utf8')).toMatch(/passed \([^)]*, 2 retries\)/);
  });

  it('count the judge requests sent again for the turn too', { timeout: 60_000 }, async () => {
    let judged = 0;
    server = await startFakeModelServer((request) => {
      if (request.body['response_format'] === undefined) return answer('42');
      judged += 1;
      return judged === 1 ? { kind: 'error', status: 503 } : answer('{"reasoning":"a bare number","score":9}');
    });
    const dir = await writeProject({
      'agent.yaml': `name: judged
model: { provider: openai, name: m, endpoint: "${server.url}/v1", api_key: sk-test-0123456789 }
execution: { max_retries: 2 }
evaluations:
  metrics: [{ type: geval, name: bare, criteria: "A bare number.", evaluation_steps: ["Check it."] }]
test_cases:
  - { name: judged, input: q }
`,
    });
    const run = await runCli(['test', 'agent.yaml', '-q', '--output', 'r.json'], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(await readFile(join(dir, 'r.json'), 'utf8')) as { results: { retries?: number }[] };
    expect(report.results[0]?.retries).toBe(1);
    expect(judged).toBe(2);
  });
});
