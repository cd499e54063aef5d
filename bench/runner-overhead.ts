/**
 * holodeck's own cost per turn: the runner, tool assertions, the numeric metric, the JSON report and the
 * run record, in this process, against an agent that answers at once (no HTTP, no provider SDK, no
 * module loading). JavaScript runs on one thread, so this is turns per second on one core (add
 * `taskset -c 0` on Linux to keep the file system's helper threads on the same core too):
 *
 *   npx tsx bench/runner-overhead.ts --cases 5000 -j 16
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/load-config.js';
import type { AgentBackend, TurnResponse } from '../src/core/backend.js';
import { ZERO_USAGE } from '../src/core/token-usage.js';
import { loadAllEvaluators } from '../src/evaluators/load-evaluators.js';
import { createJsonReporter } from '../src/reporters/json-reporter.js';
import { multiplexReporter } from '../src/reporters/multiplex-reporter.js';
import { createRunRecordReporter } from '../src/reporters/run-record-reporter.js';
import { runSuite } from '../src/runner/run-suite.js';
import { TURNS_PER_CASE, writeBenchProject } from './lib/bench-project.js';
import { loadAverage } from './lib/run-cli.js';

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '5000' },
    parallel: { type: 'string', short: 'j', default: '16' },
  },
});
const cases = Number(values.cases);
const parallel = Number(values.parallel);

const ANSWERS = ['206588', '181001', '25587', '0.14136'];
const CALLS: readonly (readonly [string, Record<string, number | string>, number][])[] = [
  [['lookup', { row: 'net cash', column: '2009' }, 206588]],
  [['lookup', { row: 'net cash', column: '2008' }, 181001]],
  [['subtract', { a: 206588, b: 181001 }, 25587]],
  [
    ['subtract', { a: 206588, b: 181001 }, 25587],
    ['divide', { a: 25587, b: 181001 }, 0.14136],
  ],
];

/** Answers each turn at once, reporting the tool calls the fake model's script would make. */
const instant: AgentBackend = {
  name: 'instant',
  async openSession() {
    return {
      async send(request): Promise<TurnResponse> {
        const calls = CALLS[request.turn_index] ?? [];
        return {
          response: ANSWERS[request.turn_index] ?? '',
          tool_invocations: calls.map(([name, args, result]) => ({ name, args, result, error: null, duration_ms: 0 })),
          token_usage: { ...ZERO_USAGE, prompt_tokens: 100, completion_tokens: 5, total_tokens: 105 },
          retries: 0,
        };
      },
      async close() {},
    };
  },
  async close() {},
};

const dir = await writeBenchProject({ url: 'http://127.0.0.1:9', cases, format: 'json' });
const loaded = await loadConfig(dir, { env: {} });
if (!loaded.ok) throw new Error(loaded.issues.map((issue) => issue.message).join('\n'));
const config = loaded.value;
const out = await mkdtemp(join(tmpdir(), 'holodeck-overhead-'));
const reporter = multiplexReporter(
  [
    createJsonReporter({ path: join(out, 'report.json') }),
    createRunRecordReporter({
      resultsDir: join(out, 'results'),
      agentName: config.name,
      metadata: {
        cli_args: [],
        config_snapshot: null,
        git_commit: null,
        holodeck_version: '0',
        node_version: process.version,
        backend: 'instant',
        model: { provider: 'none', name: 'none' },
        started_at: new Date().toISOString(),
      },
    }),
  ],
  (error) => {
    throw error;
  },
);
const createEvaluator = await loadAllEvaluators();
const loadBefore = await loadAverage();
const cpuBefore = process.cpuUsage();
const started = performance.now();
const outcome = await runSuite(
  config,
  config.test_cases,
  {
    run_id: 'bench',
    holodeck_version: '0',
    parallel_test_cases: parallel,
    turn_timeout_ms: 60_000,
    keep_results: false,
  },
  {
    backend: instant,
    createEvaluator: (metric) => createEvaluator(metric, { judge: null }),
    loadFiles: async () => [],
    reporter,
    now: Date.now,
    signal: new AbortController().signal,
  },
);
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const turns = cases * TURNS_PER_CASE;
if (outcome.report.summary.passed !== cases) throw new Error(`only ${outcome.report.summary.passed} cases passed`);
console.log(
  `holodeck's own overhead: ${cases} cases × ${TURNS_PER_CASE} turns, -j ${parallel}, an agent answering at once`,
);
console.log(`command: npx tsx bench/runner-overhead.ts --cases ${cases} -j ${parallel}`);
console.log(`  ${seconds.toFixed(2)} s → ${(turns / seconds).toFixed(0)} turns/s (JSON report and run record written)`);
console.log(
  `  CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s → ${((cpu.user + cpu.system) / turns).toFixed(0)} µs per turn`,
);
console.log(
  `  peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB · load ${loadBefore} → ${await loadAverage()}`,
);
await rm(out, { recursive: true, force: true });
await rm(dir, { recursive: true, force: true });
