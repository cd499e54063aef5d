/**
 * Peak memory of `holodeck validate` on a large test cases file: generates a file of ConvFinQA-like cases (a
 * document of about 2 KB in the first turn, four turns with ground truths and tool assertions with fuzzy and
 * regex matchers) of the size asked for, in YAML and in JSON, and reports wall time and peak RSS of the
 * validation of each. Needs a build (`npm run build`).
 *
 *   npx tsx bench/large-test-cases.ts [--mb 50] [--formats yaml,json]
 */
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadAverage, measureCli } from './lib/run-cli.js';

const { values } = parseArgs({
  options: { mb: { type: 'string', default: '50' }, formats: { type: 'string', default: 'yaml,json' } },
});
const targetBytes = Number(values.mb) * 1024 * 1024;

const DOCUMENT = Array.from(
  { length: 24 },
  (_, row) =>
    `| ${2000 + row} | net cash from operating activities | ${206_588 + row * 1_013} | ${181_001 + row * 977} | ` +
    `change ${(row * 1.37).toFixed(2)}% |`,
).join('\n');

function testCase(index: number) {
  const name = `case-${String(index).padStart(7, '0')}`;
  return {
    name,
    turns: [
      {
        input: `${DOCUMENT}\n\n[${name}] what is the net cash from operating activities in 2009?`,
        ground_truth: String(206_588 + index),
        expected_tools: [{ name: 'lookup', args: { row: { regex: '^2009.*cash.*$' }, column: { fuzzy: '2009' } } }],
      },
      {
        input: `[${name}] what about in 2008?`,
        ground_truth: '181001',
        expected_tools: ['lookup'],
      },
      {
        input: `[${name}] what is the difference?`,
        ground_truth: '25587',
        expected_tools: [{ name: 'subtract', args: { a: 206_588, b: { fuzzy: '181,001' } } }],
        turn_config: { turn_program: 'subtract(206588, 181001)' },
      },
      {
        input: `[${name}] what percentage change does this represent?`,
        ground_truth: '0.14136',
        expected_tools: [{ name: 'divide', args: { a: { fuzzy: '25587' }, b: 181_001 } }],
      },
    ],
  };
}

function yamlCase(index: number): string {
  const c = testCase(index);
  const quote = (text: string) => JSON.stringify(text);
  const lines = [`  - name: ${c.name}`, '    turns:'];
  for (const turn of c.turns) {
    lines.push(`      - input: ${quote(turn.input)}`, `        ground_truth: "${turn.ground_truth}"`);
    lines.push(`        expected_tools: ${JSON.stringify(turn.expected_tools)}`);
    if (turn.turn_config) lines.push(`        turn_config: ${JSON.stringify(turn.turn_config)}`);
  }
  return `${lines.join('\n')}\n`;
}

function jsonCase(index: number): string {
  return JSON.stringify(testCase(index));
}

async function writeCases(path: string, format: 'yaml' | 'json'): Promise<number> {
  const parts: string[] = [format === 'yaml' ? 'test_cases:\n' : '{"test_cases": [\n'];
  let bytes = parts[0]!.length;
  let count = 0;
  while (bytes < targetBytes) {
    const part = format === 'yaml' ? yamlCase(count) : `${count > 0 ? ',\n' : ''}${jsonCase(count)}`;
    parts.push(part);
    bytes += Buffer.byteLength(part);
    count += 1;
  }
  if (format === 'json') parts.push('\n]}\n');
  await writeFile(path, parts.join(''));
  return count;
}

const AGENT = (file: string) => `name: large-suite
model: { provider: ollama, name: llama3.2 }
instructions: { inline: "Answer with the number only." }
evaluations:
  metrics:
    - { type: standard, metric: numeric, absolute_tolerance: 0.00001 }
test_cases_file: ${file}
`;

console.log(`holodeck validate on a ${values.mb} MB test cases file; load average ${await loadAverage()}`);
const dir = await mkdtemp(join(tmpdir(), 'holodeck-large-cases-'));
try {
  for (const format of values.formats.split(',') as ('yaml' | 'json')[]) {
    const file = `cases.${format}`;
    const count = await writeCases(join(dir, file), format);
    await writeFile(join(dir, `agent-${format}.yaml`), AGENT(file));
    const size = (await stat(join(dir, file))).size / 1024 / 1024;
    const run = await measureCli(['validate', join(dir, `agent-${format}.yaml`)]);
    const outcome = run.code === 0 ? 'valid' : `exit ${run.code}: ${run.stderr.split('\n').slice(0, 3).join(' ')}`;
    console.log(
      `  ${format.padEnd(4)} ${size.toFixed(1)} MB, ${count} cases (${count * 4} turns): ${outcome}; ` +
        `${(run.wall_ms / 1000).toFixed(1)} s, peak RSS ${run.peak_rss_mib.toFixed(0)} MiB`,
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
console.log(`command: npx tsx bench/large-test-cases.ts --mb ${values.mb} --formats ${values.formats}`);
