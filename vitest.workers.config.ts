/**
 * `npm run test:workers`: end-to-end suites that cover what must keep working on worker threads (multi-turn
 * sessions, answer and tool assertions, repeats, the process guard, interruption and resume, providers, leak
 * hunting), run again with HOLODECK_WORKERS=2 so every CLI they start runs its conversations on two workers.
 * Suites that check state shared by the whole run in one thread (a tool module's counter, one MCP server
 * process for every case) are left out: under workers each thread has its own.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/e2e/workers.test.ts',
      'test/e2e/multi-turn.test.ts',
      'test/e2e/answer-and-tool-assertions.test.ts',
      'test/e2e/repeats.test.ts',
      'test/e2e/process-guard.test.ts',
      'test/e2e/providers.test.ts',
      'test/e2e/leak-hunt.test.ts',
      'test/reliability/interrupt.test.ts',
    ],
    env: { HOLODECK_WORKERS: '2' },
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    globalSetup: ['test/support/bundle-dashboard-page.ts'],
  },
});
