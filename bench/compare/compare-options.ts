/** The command line of `npm run bench:compare -- [options]`. */
import { parseArgs } from 'node:util';
import { selectWorkloads, type Workload } from './workloads.js';

export interface CompareOptions {
  readonly workloads: readonly Workload[];
  /** Measured runs of `help` and `first-request` (after one warm-up run). */
  readonly runs: number;
  /** Install promptfoo into `promptfoo_dir` when it is not there yet. */
  readonly with_promptfoo: boolean;
  /** null: the default cache folder. */
  readonly promptfoo_dir: string | null;
  readonly timeout_ms: number;
  readonly help: boolean;
}

export const USAGE = `npm run bench:compare -- [options]   (builds holodeck, then runs bench/compare/compare.ts)

  --workloads LIST     comma-separated, default all: help, first-request, zero-1000, zero-5000,
                       latency-400, conversations-100
  --scale F            multiply the case counts (e.g. 0.05 for a quick check of the harness; default 1)
  --runs N             measured runs of help and first-request, after a warm-up run (default 5)
  --with-promptfoo     install the pinned promptfoo into its cache folder if it is not there
  --promptfoo-dir DIR  where promptfoo is (or goes), default ~/.cache/holodeck-bench/promptfoo-<version>
  --timeout S          kill a tool's process after S seconds (default 600)
`;

export function parseCompareOptions(argv: readonly string[]): CompareOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      workloads: { type: 'string', default: '' },
      scale: { type: 'string', default: '1' },
      runs: { type: 'string', default: '5' },
      'with-promptfoo': { type: 'boolean', default: false },
      'promptfoo-dir': { type: 'string' },
      timeout: { type: 'string', default: '600' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const ids = values.workloads
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  const scale = Number(values.scale);
  if (!(scale > 0)) throw new Error(`--scale must be a number above 0, got "${values.scale}"`);
  return {
    workloads: selectWorkloads(ids, scale),
    runs: positiveInteger('--runs', values.runs),
    with_promptfoo: values['with-promptfoo'],
    promptfoo_dir: values['promptfoo-dir'] ?? null,
    timeout_ms: positiveInteger('--timeout', values.timeout) * 1000,
    help: values.help,
  };
}

function positiveInteger(flag: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${flag} must be a whole number of at least 1, got "${text}"`);
  return value;
}
