/**
 * How many ConvFinQA answers the numeric metric accepts when they are written the way chat models write
 * numbers. Every numeric turn of the dev split is answered twice with its reference value: once as the bare
 * number, once in finance notation (lib/finance-style.ts: `The answer is $(1,234.5).`, `**$1.235 million**`,
 * `–4`, `14.14 %`). Both are scored by holodeck's numeric metric with the options of agent.yaml; the script
 * prints the pass counts of each, and of each notation.
 *
 *   npx tsx sample/financial-assistant/scripts/numeric_formats_gain.ts [--source convfinqa_dev.json]
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import { createNumericEvaluator, type NumericMetricConfig } from '../../../src/evaluators/numeric.js';
import { convertDataset } from '../lib/convert-dataset.js';
import { DEFAULT_GRADER } from '../lib/convert-record.js';
import { financeAnswer } from '../lib/finance-style.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The notation of a finance answer, for the per-notation counts. */
function notation(answer: string): string {
  if (/\(\$?[\d,.]+\)%?/.test(answer)) return 'accounting negative (1,234)';
  if (answer.includes('–')) return 'en-dash minus –4';
  if (answer.includes('\u2212')) return 'minus sign −4';
  if (/million|billion|bn\b|\dm\b/.test(answer)) return 'scale word $1.2 million';
  if (answer.includes('%')) return 'percent 14.1 %';
  if (answer.includes('USD')) return 'currency code USD 3,400';
  if (/\d,\d{3}/.test(answer)) return 'thousands separators $25,587';
  return 'plain number in a sentence';
}

export interface FormatsGain {
  /** Numeric turns of the split. */
  readonly turns: number;
  /** Of those, answered with the bare number, how many pass. */
  readonly plain: number;
  /** Answered in finance notation, how many pass. */
  readonly finance: number;
  /** Per notation: [passed, answers]. */
  readonly byNotation: ReadonlyMap<string, readonly [number, number]>;
}

/** Scores every numeric turn of the split's conversations, answered both ways. */
export async function measureGain(source = here('../convfinqa/convfinqa_dev.json')): Promise<FormatsGain> {
  const converted = convertDataset(JSON.parse(await readFile(source, 'utf8')), {
    split: 'dev',
    first: null,
    ids: null,
    grader: DEFAULT_GRADER,
  });
  if (!converted.ok) throw new Error(converted.errors.join('\n'));
  const agent = parse(await readFile(here('../agent.yaml'), 'utf8')) as {
    evaluations: { metrics: Array<Record<string, unknown>> };
  };
  const options = agent.evaluations.metrics.find((metric) => metric['metric'] === 'numeric');
  const metric = createNumericEvaluator({
    name: 'numeric',
    enabled: true,
    threshold: null,
    ...options,
  } as NumericMetricConfig);
  const score = async (answer: string, truth: string) =>
    (
      await metric.evaluate({
        test_case_name: 'gain',
        turn_index: 0,
        turn_input: '',
        agent_response: answer,
        ground_truth: truth,
        retrieval_context: null,
        tool_invocations: [],
        turn_config: {},
        turn: {},
        earlier_turns: [],
        signal: new AbortController().signal,
      })
    ).passed === true;

  let turns = 0;
  let plain = 0;
  let finance = 0;
  const byNotation = new Map<string, [number, number]>();
  for (const testCase of converted.test_cases) {
    for (const [index, turn] of testCase.turns.entries()) {
      const value = Number(turn.ground_truth);
      if (!Number.isFinite(value)) continue;
      turns += 1;
      if (await score(String(value), turn.ground_truth)) plain += 1;
      const answer = financeAnswer(value, testCase.name.length * 7 + index);
      const passed = await score(answer, turn.ground_truth);
      if (passed) finance += 1;
      const counts = byNotation.get(notation(answer)) ?? [0, 0];
      byNotation.set(notation(answer), [counts[0] + (passed ? 1 : 0), counts[1] + 1]);
    }
  }
  return { turns, plain, finance, byNotation };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { source: { type: 'string' } } });
  const { turns, plain, finance, byNotation } = await measureGain(values.source);
  const line = (label: string, passed: number, total: number) =>
    `${label.padEnd(34)} ${String(passed).padStart(5)} / ${total}  ${((100 * passed) / total).toFixed(1)}%`;
  const lines = [
    `ConvFinQA dev split: ${turns} numeric turns, numeric metric of agent.yaml`,
    line('bare numbers', plain, turns),
    line('finance notation', finance, turns),
    ...[...byNotation.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([label, [passed, total]]) => line(`  ${label}`, passed, total)),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) await main();
