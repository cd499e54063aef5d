/**
 * A final answer the model stopped before finishing it (its output token limit, a content filter) is judged as
 * given, and every output says it was cut off: through the built CLI and the real OpenAI client against a fake
 * model that answers some questions with `finish_reason: length` or `content_filter`.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { lastUserText } from '../fakes/fake-request-view.js';
import type { FakeScript } from '../fakes/fake-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { modelBlock, writeProject } from './e2e-project.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** `long …`: cut at the token limit; `unsafe …`: stopped by the filter; anything else: answered in full. */
const script: FakeScript = (request) => {
  const question = lastUserText(request);
  if (question.startsWith('long')) return { kind: 'answer', text: 'The difference is 25,5', finish_reason: 'length' };
  if (question.startsWith('unsafe')) return { kind: 'answer', text: '', finish_reason: 'content_filter' };
  return { kind: 'answer', text: '25587' };
};

const TOKEN_LIMIT =
  "the answer was cut off at the model's output token limit (model.max_tokens, else the provider's default)";

/** A project judging `testCases` (YAML list items) with the numeric metric against the fake at `url`. */
function cutOffProject(url: string, testCases: string): Promise<string> {
  return writeProject({
    'agent.yaml': `name: cutoff
${modelBlock('openai', url)}
evaluations:
  metrics: [{ type: standard, metric: numeric }]
test_cases:
${testCases}`,
  });
}

describe('an answer the model cut off', () => {
  it('is judged as given, and the reports and the console say it was cut off', async () => {
    server = await startFakeModelServer(script);
    const dir = await cutOffProject(
      server.url,
      `  - { name: single-long, input: long question, ground_truth: "25587" }
  - { name: single-full, input: question, ground_truth: "25587" }
  - name: conversation
    turns:
      - { input: first question, ground_truth: "25587" }
      - { input: unsafe question, ground_truth: "25587" }
`,
    );
    const cli = await runCli(['test', 'agent.yaml', '--output', 'report.json', '--output', 'report.md'], { cwd: dir });
    expect(cli.code).toBe(1);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as RunReport;
    const byName = new Map(report.results.map((result) => [result.test_name, result]));

    const long = byName.get('single-long');
    expect(long?.status).toBe('failed');
    expect(long?.answer_cut_off).toBe('token_limit');
    expect(long?.agent_response).toBe('The difference is 25,5');
    const full = byName.get('single-full');
    expect(full?.status).toBe('passed');
    expect(full).not.toHaveProperty('answer_cut_off');
    const conversation = byName.get('conversation');
    expect(conversation).not.toHaveProperty('answer_cut_off');
    expect(conversation?.turns?.map((turn) => turn.answer_cut_off)).toEqual([undefined, 'content_filter']);

    // The cause comes before the metric it explains.
    expect(cli.stdout).toContain(`${TOKEN_LIMIT}`);
    expect(cli.stdout).toContain("turn 2/2: the answer was cut off by the provider's content filter");
    const markdown = await readFile(join(dir, 'report.md'), 'utf8');
    expect(markdown).toContain(`⚠️ ${TOKEN_LIMIT}`);
    expect(markdown).toContain("⚠️ the answer was cut off by the provider's content filter");

    // The run record keeps it: the saved run reads back with the field.
    const view = await runCli(['test', 'view', 'agent.yaml', '--export', 'run.html'], { cwd: dir });
    expect(view.code).toBe(0);
    expect(await readFile(join(dir, 'run.html'), 'utf8')).toContain('token_limit');
  });

  it('says so in the verbose detail of a turn that passed', async () => {
    server = await startFakeModelServer(() => ({ kind: 'answer', text: '25587', finish_reason: 'length' }));
    const dir = await cutOffProject(server.url, '  - { name: enough, input: question, ground_truth: "25587" }\n');
    const cli = await runCli(['test', 'agent.yaml', '-v'], { cwd: dir });
    expect(cli.code).toBe(0);
    expect(cli.stdout).toContain(TOKEN_LIMIT);
  });
});
