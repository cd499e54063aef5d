/**
 * A judge model that never answers does not hang the run: each G-Eval or RAG judge call ends at the metric's
 * `timeout_ms` (else `execution.llm_timeout`) as an error of that metric naming the timeout, and the run ends.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeRequest } from '../fakes/fake-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { modelBlock, writeProject } from './e2e-project.js';

/** The agent answers at once; a judge (asked for structured output) gets no answer for ten minutes. */
function isJudge(request: FakeRequest): boolean {
  return request.body['response_format'] !== undefined;
}

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer((request) =>
    isJudge(request)
      ? { kind: 'answer', text: '{}', delay_ms: 600_000 }
      : { kind: 'answer', text: 'The difference is 25587.' },
  );
});
afterAll(() => server.close());

describe('a judge that never answers', () => {
  it('ends each judge call at its timeout as a metric error naming it, and the run ends', async () => {
    const agent = `name: stalled-judge
${modelBlock('openai', server.url)}
evaluations:
  metrics:
    - { type: geval, name: tone, criteria: "Polite.", evaluation_steps: ["Check the tone."], timeout_ms: 400 }
    - { type: rag, metric_type: answer_relevancy }
test_cases:
  - name: one
    input: what is the difference?
`;
    const dir = await writeProject({ 'agent.yaml': agent });
    const started = Date.now();
    const run = await runCli(['test', dir, '--timeout', '1', '--output', join(dir, 'report.json')], {
      timeoutMs: 30_000,
    });
    expect(run.code, run.stderr).toBe(1);
    expect(Date.now() - started).toBeLessThan(20_000);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as {
      results: { metric_results: { metric_name: string; error: string | null }[] }[];
    };
    const errors = Object.fromEntries(report.results[0]!.metric_results.map((m) => [m.metric_name, m.error]));
    // Each says what its request was doing: the judge never sent its response headers.
    const noHeaders = String.raw` — the model request to http://127\.0\.0\.1:\d+ had no response headers [\d.]+ s after it was sent`;
    expect(errors['tone']).toMatch(
      new RegExp(
        `^judge call for metric "tone" failed: judge call timed out after 400 ms${noHeaders} \\(timeout_ms: 400`,
      ),
    );
    expect(errors['answer_relevancy']).toMatch(
      new RegExp(
        `^judge call for metric "answer_relevancy" failed: judge call timed out after 1000 ms${noHeaders} \\(execution\\.llm_timeout`,
      ),
    );
    expect(server.requests.filter(isJudge)).toHaveLength(2);
  });
});
