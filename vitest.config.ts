import { defineConfig } from 'vitest/config';

/**
 * End-to-end suites that `npm test` runs a second time with HOLODECK_WORKERS=2, so every CLI they start runs
 * its conversations on two worker threads: multi-turn sessions, answer and tool assertions, graders and MCP,
 * repeats, the process guard, providers, retries on a flaky provider, rate limits, record, replay and the
 * response cache, redaction (leak hunting), Ctrl-C and resume, shards, the model matrix, user code that hangs or
 * exits (function tools run in the main thread's tool threads under workers too). Suites that check one MCP
 * server process for every case are left out: under workers each thread connects its own.
 * test/e2e/workers.test.ts covers what only workers do (a crashing worker thread, the claude_agent_sdk
 * backend, the shared rate limit) with `--workers` given explicitly.
 */
export const WORKER_SUITES = [
  'test/e2e/multi-turn.test.ts',
  'test/e2e/answer-and-tool-assertions.test.ts',
  'test/e2e/cli.test.ts',
  'test/e2e/repeats.test.ts',
  'test/e2e/process-guard.test.ts',
  'test/e2e/providers.test.ts',
  'test/e2e/rate-limits.test.ts',
  'test/e2e/record-replay.test.ts',
  'test/e2e/response-cache.test.ts',
  'test/e2e/served-cost.test.ts',
  'test/e2e/leak-hunt.test.ts',
  'test/e2e/model-matrix.test.ts',
  'test/e2e/user-code-guard.test.ts',
  'test/e2e/closed-output.test.ts',
  'test/e2e/step-limit.test.ts',
  'test/e2e/deep-values.test.ts',
  'test/reliability/faults.test.ts',
  'test/reliability/interrupt.test.ts',
  'test/reliability/shard-auto.test.ts',
  'test/reliability/shard-merge.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // The HTML export inlines the page bundle: build it from the current page sources before any test. Temporary
    // folders go under one folder of the run, removed at its end.
    globalSetup: ['test/support/bundle-dashboard-page.ts', 'test/support/scratch-tmpdir.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'main', include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'sample/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'workers', include: WORKER_SUITES, env: { HOLODECK_WORKERS: '2' } },
      },
    ],
  },
});
