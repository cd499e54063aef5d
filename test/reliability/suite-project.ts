/**
 * A throw-away agent project of N copies of the 4-turn JKHY conversation, the real OpenAI client pointed at
 * the fake model server. Each case's questions carry its name, so every conversation is distinct on the
 * wire; chosen cases expect a wrong answer on their third turn, so they fail the same way on every run.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { modelBlock, TOOLS_BLOCK } from '../e2e/e2e-project.js';
import { JKHY_2009 } from '../fakes/convfinqa-script.js';

export interface SuiteProjectOptions {
  readonly url: string;
  readonly cases: number;
  /** Settings under `execution:`. */
  readonly execution?: Readonly<Record<string, number>>;
  /** Cases (0-based) that fail: their third turn expects 99999. */
  readonly failing?: (index: number) => boolean;
  readonly name?: string;
  /** The test cases file's format (default yaml). */
  readonly format?: 'yaml' | 'json';
}

export const TURNS_PER_CASE = JKHY_2009.turns.length;

export function caseName(index: number, cases: number): string {
  return `case-${String(index + 1).padStart(Math.max(4, String(cases).length), '0')}`;
}

export async function writeSuiteProject(options: SuiteProjectOptions): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'holodeck-suite-'));
  const execution = Object.entries(options.execution ?? {})
    .map(([key, value]) => `${key}: ${value}`)
    .join(', ');
  const agent = `name: ${options.name ?? 'reliability'}
${modelBlock('openai', options.url)}
instructions: { inline: "Answer with the number only. Use the tools." }
${TOOLS_BLOCK}
evaluations:
  metrics:
    - { type: standard, metric: numeric, absolute_tolerance: 0.00001 }
execution: { ${execution} }
test_cases_file: cases.${options.format ?? 'yaml'}
`;
  await writeFile(join(dir, 'agent.yaml'), agent);
  const cases = options.format === 'json' ? casesJson(options) : casesYaml(options);
  await writeFile(join(dir, `cases.${options.format ?? 'yaml'}`), cases);
  return dir;
}

function turnsOf(index: number, options: SuiteProjectOptions) {
  const name = caseName(index, options.cases);
  return JKHY_2009.turns.map((turn, t) => ({
    input: `[${name}] ${turn.input}`,
    ground_truth: t === 2 && options.failing?.(index) ? '99999' : turn.ground_truth,
    expected_tools: [t < 2 ? 'lookup' : 'subtract'],
  }));
}

function casesYaml(options: SuiteProjectOptions): string {
  const parts: string[] = ['test_cases:'];
  for (let i = 0; i < options.cases; i += 1) {
    parts.push(`  - name: ${caseName(i, options.cases)}`, '    turns:');
    for (const turn of turnsOf(i, options)) {
      parts.push(`      - input: "${turn.input}"`, `        ground_truth: "${turn.ground_truth}"`);
      parts.push(`        expected_tools: [${turn.expected_tools.join(', ')}]`);
    }
  }
  return `${parts.join('\n')}\n`;
}

function casesJson(options: SuiteProjectOptions): string {
  const lines: string[] = [];
  for (let i = 0; i < options.cases; i += 1) {
    lines.push(JSON.stringify({ name: caseName(i, options.cases), turns: turnsOf(i, options) }));
  }
  return `{"test_cases": [\n${lines.join(',\n')}\n]}\n`;
}
