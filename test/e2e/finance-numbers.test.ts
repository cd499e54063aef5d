/**
 * The numeric metric reads numbers as finance writes them, through the built CLI and the real OpenAI client
 * against a scripted fake model: scale words, accounting negatives, an en-dash minus, a currency code, a spaced
 * percent sign and, with `locale: de`, `1.234,5`; a scale that is not the ground truth's unit still fails, and
 * an unknown locale is a located configuration error (exit 2).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { lastUserText } from '../fakes/fake-request-view.js';
import { answer, type FakeScript } from '../fakes/fake-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { modelBlock, writeProject } from './e2e-project.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** Test case name → [ground truth, the model's answer]. */
const CASES: Readonly<Record<string, readonly [string, string]>> = {
  million: ['1200000', 'Revenue was $1.2 million in 2019.'],
  billions: ['2500000000', 'The total is **2.5bn**.'],
  'in millions': ['25587', 'The change is $25,587 million.'],
  accounting: ['-1234', 'Net income: $(1,234)'],
  'en dash': ['-5.2', 'The change was –5.2 points.'],
  'currency code': ['3400', 'The fee is USD 3,400.'],
  percent: ['0.125', 'Margin rose 12.5 % year on year.'],
  'wrong unit': ['1200', 'Revenue was $1.2 million.'],
};

const script: FakeScript = (request) => {
  const entry = Object.entries(CASES).find(([name]) => lastUserText(request) === `question: ${name}`);
  if (entry) return answer(entry[1][1]);
  if (lastUserText(request) === 'wie hoch war der Umsatz?') return answer('Der Umsatz betrug 1.234,5 Mio. €.');
  return answer('unknown question');
};

function agentYaml(url: string, locale = 'de'): string {
  const cases = Object.entries(CASES)
    .map(([name, [truth]]) => `  - { name: ${name}, input: "question: ${name}", ground_truth: "${truth}" }`)
    .join('\n');
  return `name: finance-numbers
${modelBlock('openai', url)}
instructions: { inline: "Answer with a number." }
evaluations:
  metrics:
    - { type: standard, metric: numeric, accept_percent: true, accept_thousands_separators: true }
test_cases:
${cases}
  - name: german
    input: wie hoch war der Umsatz?
    ground_truth: 1234500000
    evaluations:
      - { type: standard, metric: numeric, accept_thousands_separators: true, locale: ${locale} }
`;
}

describe('numeric metric on finance notation, end to end', () => {
  it('passes the answers written as finance writes them, and fails a unit it cannot know', async () => {
    server = await startFakeModelServer(script);
    const dir = await writeProject({ 'agent.yaml': agentYaml(server.url) });
    const output = join(dir, 'report.json');
    const run = await runCli(['test', dir, '--output', output]);
    expect(run.code).toBe(1);
    const report = JSON.parse(await readFile(output, 'utf8')) as RunReport;
    const outcome = report.results.map((result) => {
      const metric = result.metric_results[0];
      const details = metric?.details as { actual?: number; actual_read_as?: string } | null;
      return [result.test_name, result.passed, details?.actual, details?.actual_read_as];
    });
    expect(outcome).toEqual([
      ['million', true, 1200000, 'scaled'],
      ['billions', true, 2500000000, 'scaled'],
      ['in millions', true, 25587, 'in_scale_unit'],
      ['accounting', true, -1234, 'number'],
      ['en dash', true, -5.2, 'number'],
      ['currency code', true, 3400, 'number'],
      ['percent', true, 0.125, 'percent_as_fraction'],
      ['wrong unit', false, 1.2, 'in_scale_unit'],
      ['german', true, 1234500000, 'scaled'],
    ]);
    const wrong = report.results.find((result) => result.test_name === 'wrong unit')?.metric_results[0];
    expect(wrong?.reasoning).toBe(
      '1.2 (read from "$1.2 million") differs by 1198.8 from the ground truth 1200; read at its scale, 1200000, it ' +
        'differs by 1198800 (absolute_tolerance 0.000001, relative_tolerance 0)',
    );
  });

  it('rejects a locale it does not know, naming the ones it does', async () => {
    server = await startFakeModelServer(script);
    const dir = await writeProject({ 'agent.yaml': agentYaml(server.url, 'fr') });
    const run = await runCli(['test', dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /agent\.yaml:\d+:\d+ +test_cases\[8\] "german" › evaluations\[0\]\.locale\n +"fr" is not one of: en, de/,
    );
  });
});
