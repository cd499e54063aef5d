import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'sample/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // The HTML export inlines the page bundle: build it from the current page sources before any test.
    globalSetup: ['test/support/bundle-dashboard-page.ts'],
  },
});
