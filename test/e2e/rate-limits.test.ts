/**
 * Rate limits through the built CLI against the fake OpenAI server. A 429 is not a failed attempt: with
 * `max_retries: 0` and a fifth of all requests (agent and judge) answered 429 with a wait to honour, every
 * turn still passes. Against a server that enforces a true limit of 600 requests a minute (10 in any
 * second), `rate_limit: { requests_per_minute: 600 }` with `-j 32` keeps the agent's calls and its judge's on
 * the same model to it together: counted at the server, the requests arrive within 10 % of the limit and no
 * one-second window holds more than one beyond it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lastUserText } from '../fakes/fake-request-view.js';
import type { FakeRequest, FakeScript } from '../fakes/fake-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { seededRandom, withFaults } from '../fakes/with-faults.js';
import { busiestWindow, withRateLimit } from '../fakes/with-rate-limit.js';
import { runCli } from '../helpers/run-cli.js';
import { modelBlock, writeProject } from './e2e-project.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const isJudge = (request: FakeRequest) => request.body['response_format'] !== undefined;

/** The agent repeats the number of the question; a judge gives 9 out of 10. */
const echoNumber: FakeScript = (request) =>
  isJudge(request)
    ? { kind: 'answer', text: '{"reasoning":"a bare number","score":9}' }
    : { kind: 'answer', text: /\d+/.exec(lastUserText(request))?.[0] ?? '?' };

function casesYaml(count: number, turns: number): string {
  return Array.from({ length: count }, (_, i) => {
    const list = Array.from(
      { length: turns },
      (_, t) => `      - { input: "say ${i * 10 + t}", ground_truth: "${i * 10 + t}" }`,
    );
    return `  - name: case-${i}\n    turns:\n${list.join('\n')}`;
  }).join('\n');
}

interface Report {
  readonly summary: { readonly total_tests: number; readonly passed: number };
  readonly results: readonly { readonly turns: readonly { readonly passed: boolean }[] }[];
}

async function readReport(dir: string): Promise<Report> {
  return JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as Report;
}

describe('rate limits', () => {
  it('loses nothing when a fifth of the requests get 429, even with max_retries: 0', async () => {
    const faults = withFaults(echoNumber, { rate: 0.2, kinds: ['429'], retry_after_ms: 40, random: seededRandom(7) });
    server = await startFakeModelServer(faults);
    const agent = `name: throttled
${modelBlock('openai', server.url)}
execution:
  max_retries: 0
evaluations:
  metrics:
    - { type: standard, metric: equality }
    - { type: geval, name: bare, criteria: "The answer is a bare number.", evaluation_steps: ["Check it."], threshold: 0.5 }
test_cases:
${casesYaml(12, 2)}
`;
    const dir = await writeProject({ 'agent.yaml': agent });
    const run = await runCli(['test', dir, '-j', '8', '--output', join(dir, 'report.json')], { timeoutMs: 60_000 });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const report = await readReport(dir);
    expect(report.summary).toMatchObject({ total_tests: 12, passed: 12 });
    expect(report.results.flatMap((r) => r.turns).every((t) => t.passed)).toBe(true);
    // 24 agent turns and 24 judge calls answered, on top of the 429s, which hit agent and judge calls alike.
    const answered = server.requests.length;
    expect(answered).toBeGreaterThanOrEqual(48 + 5);
    const judged = server.requests.filter(isJudge).length;
    expect(judged).toBeGreaterThan(24);
    expect(answered - judged).toBeGreaterThan(24);
  }, 90_000);

  it('adapts to bare 429s that name no wait under -j 16: every turn passes, at about the rate the server allows', async () => {
    // 150 requests a minute, 5 in any 2 s; what goes beyond gets a 429 without retry-after.
    const limited = withRateLimit(echoNumber, { requests: 5, window_ms: 2000, headers: false });
    server = await startFakeModelServer(limited.script);
    const agent = `name: bare-429\n${modelBlock('openai', server.url)}\nexecution:\n  llm_timeout: 40\nevaluations:\n  metrics: [{ type: standard, metric: equality }]\ntest_cases:\n${casesYaml(16, 2)}\n`;
    const dir = await writeProject({ 'agent.yaml': agent });
    const started = Date.now();
    const run = await runCli(['test', dir, '-j', '16', '--output', join(dir, 'report.json')], { timeoutMs: 90_000 });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect((await readReport(dir)).summary).toMatchObject({ total_tests: 16, passed: 16 });
    expect(limited.accepted).toHaveLength(32);
    // 32 requests at 5 per 2 s take 12 s at best; a burst of 429s taken for 429s in a row would wait 30 s.
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 90_000);

  it('keeps agent and judge together to requests_per_minute under -j 32, within 10 % of the limit', async () => {
    const limited = withRateLimit(echoNumber, { requests: 10, window_ms: 1000 });
    server = await startFakeModelServer(limited.script);
    // The judge runs on the agent's model: both share its one limit of 600 a minute.
    const agent = `name: limited
${modelBlock('openai', server.url)}
  rate_limit: { requests_per_minute: 600 }
evaluations:
  metrics:
    - { type: standard, metric: equality }
    - { type: geval, name: bare, criteria: "The answer is a bare number.", evaluation_steps: ["Check it."], threshold: 0.5 }
test_cases:
${casesYaml(30, 1)}
`;
    const dir = await writeProject({ 'agent.yaml': agent });
    const run = await runCli(['test', dir, '-j', '32', '--output', join(dir, 'report.json')], { timeoutMs: 60_000 });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect((await readReport(dir)).summary).toMatchObject({ total_tests: 30, passed: 30 });
    const accepted = limited.accepted;
    expect(accepted).toHaveLength(60);
    expect(server.requests.filter(isJudge).length).toBeGreaterThanOrEqual(30);
    // Measured at the server: 59 intervals between the first and the last request.
    const first = accepted[0] ?? 0;
    const last = accepted.at(-1) ?? 0;
    const perMinute = ((accepted.length - 1) / (last - first)) * 60_000;
    expect(perMinute).toBeGreaterThan(540);
    expect(perMinute).toBeLessThan(660);
    expect(busiestWindow(accepted, 1000)).toBeLessThanOrEqual(11);
    expect(limited.rejected()).toBeLessThanOrEqual(6);
  }, 60_000);

  it('says a turn or judge call that timed out waiting for the rate limit was never sent, naming the limit', async () => {
    server = await startFakeModelServer(echoNumber);
    // Six requests a minute: one at once, the next after ten seconds — past the turn's timeout of two.
    const agent = `name: queued
${modelBlock('openai', server.url)}
  rate_limit: { requests_per_minute: 6 }
execution: { llm_timeout: 2 }
evaluations: { metrics: [{ type: standard, metric: equality }] }
test_cases:
${casesYaml(3, 1)}
`;
    const dir = await writeProject({ 'agent.yaml': agent });
    const run = await runCli(['test', dir, '-j', '3', '--output', join(dir, 'report.json')], { timeoutMs: 60_000 });
    expect(run.code).toBe(1);
    expect(server.requests).toHaveLength(1);
    const errors = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')).results.flatMap(
      (result: { errors: string[] }) => result.errors,
    );
    expect(errors).toHaveLength(2);
    for (const error of errors) {
      expect(error).toMatch(
        /^turn 1\/1: turn timed out after 2s \(llm_timeout\) — a model request was never sent: it waited \d\.\d s for holodeck's rate limiter for gpt-4o-mini \(rate_limit: 6 requests a minute; with -j above what it serves, turns queue there: lower -j or raise the timeout\)$/,
      );
    }

    // A judge on a model of its own, limited the same way: its second and third calls wait past their timeout_ms.
    const judged = `name: judged
${modelBlock('openai', server.url)}
evaluations:
  model: { provider: openai, name: judge-model, endpoint: "${server.url}/v1", api_key: sk-test-0123456789, rate_limit: { requests_per_minute: 6 } }
  metrics:
    - { type: geval, name: bare, criteria: "The answer is a bare number.", evaluation_steps: ["Check it."], timeout_ms: 1500 }
test_cases:
${casesYaml(3, 1)}
`;
    const judgedDir = await writeProject({ 'agent.yaml': judged });
    const judging = await runCli(['test', judgedDir, '-j', '3', '--output', join(judgedDir, 'report.json')], {
      timeoutMs: 60_000,
    });
    expect(judging.code).toBe(1);
    const metricErrors = JSON.parse(await readFile(join(judgedDir, 'report.json'), 'utf8'))
      .results.flatMap((result: { metric_results: { error: string | null }[] }) => result.metric_results)
      .flatMap((metric: { error: string | null }) => (metric.error === null ? [] : [metric.error]));
    expect(metricErrors).toHaveLength(2);
    for (const error of metricErrors) {
      expect(error).toMatch(
        /judge call timed out after 1500 ms — a model request was never sent: it waited \d\.\d s for holodeck's rate limiter for judge-model \(rate_limit: 6 requests a minute; with -j above what it serves, turns queue there: lower -j or raise the timeout\)/,
      );
    }
  }, 60_000);
});
