/**
 * `holodeck compare` says what changed besides the agent: a case judged by other metrics or thresholds in run B
 * (a "fix" that came from easier checks is labelled as such), and runs whose judged metrics (geval) were scored
 * by different judges — `evaluations.model` in one run, the agent's model in the other, or two judges.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** The agent always answers the same; a judge (a request with a response format) always gives 9 of 10. */
async function startServer(): Promise<FakeModelServer> {
  server = await startFakeModelServer(async (request) =>
    request.body['response_format'] !== undefined
      ? { kind: 'answer', text: '{"reasoning":"fine","score":9}' }
      : { kind: 'answer', text: 'Support is open 24/7.' },
  );
  return server;
}

function agentYaml(url: string, metrics: string, judge = ''): string {
  return `name: support
model: { provider: openai, name: agent-model, endpoint: "${url}/v1", api_key: sk-test-0123456789 }
instructions: { inline: "Answer." }
evaluations:
${judge}  metrics: []
test_cases:
  - name: hours
    input: What are your opening hours?
    ground_truth: Support is open around the clock, 24/7.
    evaluations:
${metrics}
`;
}

const judgeBlock = (url: string, name: string) =>
  `  model: { provider: openai, name: ${name}, endpoint: "${url}/v1", api_key: sk-test-0123456789 }\n`;

describe('holodeck compare and what changed besides the agent', () => {
  it('labels a case "fixed" by lower thresholds and a dropped metric as judged by other checks', {
    timeout: 60_000,
  }, async () => {
    const { url } = await startServer();
    const strict = [
      '      - { type: standard, metric: bleu, threshold: 0.9 }',
      '      - { type: standard, metric: equality }',
    ].join('\n');
    const dir = await writeProject({ 'agent.yaml': agentYaml(url, strict) });
    expect((await runCli(['test', '-q'], { cwd: dir })).code).toBe(1);
    const text = await readFile(join(dir, 'agent.yaml'), 'utf8');
    await writeFile(
      join(dir, 'agent.yaml'),
      text.replace('threshold: 0.9', 'threshold: 0.1').replace(/\n {6}- \{ type: standard, metric: equality \}/, ''),
    );
    const second = await runCli(['test', '-q'], { cwd: dir });
    expect(second.code, second.stderr).toBe(0);
    const compared = await runCli(['compare', 'latest~1', 'latest'], { cwd: dir });
    expect(compared.code, compared.stderr).toBe(0);
    expect(compared.stdout).toContain(
      '1 test case of the same name is judged by other metrics or thresholds in run B: "hours" — a verdict that changed may come from the checks, not the agent',
    );
    expect(compared.stdout).toMatch(
      /✓ hours {2}failed → passed\n {6}checks changed: bleu threshold 0\.9 → 0\.1, equality dropped\n/,
    );
    const same = await runCli(['compare', 'latest', 'latest'], { cwd: dir });
    expect(same.stdout).not.toContain('checks');
  });

  it('names the judges of two runs whose geval scores are compared, with or without evaluations.model', {
    timeout: 60_000,
  }, async () => {
    const { url } = await startServer();
    const geval = '      - { type: geval, name: sense, criteria: "Sensible.", evaluation_steps: ["Check it."] }';
    const dir = await writeProject({ 'agent.yaml': agentYaml(url, geval) });
    expect((await runCli(['test', '-q'], { cwd: dir })).code).toBe(0);
    await writeFile(join(dir, 'agent.yaml'), agentYaml(url, geval, judgeBlock(url, 'judge-b')));
    expect((await runCli(['test', '-q'], { cwd: dir })).code).toBe(0);
    await writeFile(join(dir, 'agent.yaml'), agentYaml(url, geval, judgeBlock(url, 'judge-c')));
    expect((await runCli(['test', '-q'], { cwd: dir })).code).toBe(0);
    const unset = await runCli(['compare', 'latest~2', 'latest~1'], { cwd: dir });
    expect(unset.code, unset.stderr).toBe(0);
    expect(unset.stdout).toContain(
      "run A was judged by openai:agent-model, run B by openai:judge-b (evaluations.model, else the run's model): the scores of sense may have changed with the judge",
    );
    const both = await runCli(['compare', 'latest~1', 'latest'], { cwd: dir });
    expect(both.stdout).toContain('run A was judged by openai:judge-b, run B by openai:judge-c');
    const same = await runCli(['compare', 'latest', 'latest'], { cwd: dir });
    expect(same.stdout).not.toContain('judged by');
  });
});
