/**
 * Time of the numeric metric scoring hostile agent answers of 256 KB and 1 MB: shapes that made the former
 * regular expressions backtrack (a 256 KB answer took 47 s) and shapes that stress the scanners that replaced
 * them. Each shape is scored in a fresh process, so the first call pays for compiling the scanner as it would in
 * a run; then five more calls give the median once the code is warm. Times are the process's CPU time (user +
 * system) during the call, which other processes on the machine do not inflate as they do wall time.
 *
 *   npx tsx bench/numeric-extraction.ts [--sizes 256,1024]   (sizes in KiB)
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { NumericMetricConfig } from '../src/evaluators/numeric.js';
import { createNumericEvaluator } from '../src/evaluators/numeric.js';
import { loadAverage } from './lib/run-cli.js';

const SHAPES: Record<string, (size: number) => string> = {
  '1,1,1,…': (size) => '1,'.repeat(size / 2),
  '- - - -': (size) => '- '.repeat(size / 2),
  'one digit run': (size) => '9'.repeat(size),
  'digits, many separators, then .5.5': (size) => `1${',000'.repeat(size / 4 - 1)}.5.5`,
  'spaces then a word': (size) => `1${' '.repeat(size - 2)}x`,
  'cues with numbers out of reach': (size) => '= ;1 '.repeat(size / 5),
  'unclosed parentheses': (size) => '(1 '.repeat(size / 3),
  'unclosed bold': (size) => `**${'1 '.repeat(size / 2 - 1)}`,
  'bold marks': (size) => '**1 '.repeat(size / 4),
  '"answer " without colon': (size) => 'answer '.repeat(size / 7),
  'dotted digits': (size) => '1.'.repeat(size / 2),
  exponents: (size) => '1e1e'.repeat(size / 4),
};

const config: NumericMetricConfig = {
  type: 'standard',
  metric: 'numeric',
  name: 'numeric',
  enabled: true,
  threshold: null,
  absolute_tolerance: 1e-6,
  relative_tolerance: 0,
  accept_percent: true,
  accept_thousands_separators: true,
};

async function score(answer: string): Promise<number> {
  const started = process.cpuUsage();
  await createNumericEvaluator(config).evaluate({
    test_case_name: 'bench',
    turn_index: 0,
    turn_input: 'what is the difference?',
    agent_response: answer,
    ground_truth: '25587',
    retrieval_context: null,
    tool_invocations: [],
    turn_config: {},
    turn: {},
    earlier_turns: [],
    signal: new AbortController().signal,
  });
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

/** In the child: score one shape, print the first call's time and the median of five more. */
async function child(shape: string, size: number): Promise<void> {
  const answer = SHAPES[shape]!(size);
  const first = await score(answer);
  const times: number[] = [];
  for (let run = 0; run < 5; run++) times.push(await score(answer));
  times.sort((a, b) => a - b);
  process.stdout.write(JSON.stringify({ first, median: times[2], length: answer.length }));
}

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '256,1024' },
    child: { type: 'string' },
    size: { type: 'string' },
  },
});

if (values.child !== undefined) {
  await child(values.child, Number(values.size));
} else {
  const self = fileURLToPath(import.meta.url);
  console.log(`numeric metric on hostile answers; load average ${await loadAverage()}`);
  for (const kib of values.sizes.split(',').map(Number)) {
    const size = kib * 1024;
    let worstFirst = 0;
    let worstMedian = 0;
    console.log(`\n${kib} KiB answers, CPU time       first call   median of 5`);
    for (const shape of Object.keys(SHAPES)) {
      const run = spawnSync(process.execPath, ['--import', 'tsx', self, `--child=${shape}`, `--size=${size}`], {
        encoding: 'utf8',
      });
      if (run.status !== 0) throw new Error(`${shape}: ${run.stderr}`);
      const { first, median } = JSON.parse(run.stdout) as { first: number; median: number };
      worstFirst = Math.max(worstFirst, first);
      worstMedian = Math.max(worstMedian, median);
      console.log(`  ${shape.padEnd(36)} ${first.toFixed(1).padStart(7)} ms ${median.toFixed(1).padStart(9)} ms`);
    }
    console.log(`  slowest: first call ${worstFirst.toFixed(0)} ms, median ${worstMedian.toFixed(0)} ms`);
  }
  console.log('\ncommand: npx tsx bench/numeric-extraction.ts --sizes 256,1024');
}
