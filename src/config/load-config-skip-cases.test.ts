import { describe, expect, it } from 'vitest';
import { expectConfig, HEAD, writeTree } from '../../test/support/config/fixtures/config-tree.js';
import { loadConfig } from './load-config.js';

describe("loadConfig with test_cases: 'skip' (a case worker, sent each case by the main thread)", () => {
  it('neither reads nor builds the test cases: a missing or broken file is not looked at', async () => {
    const dir = await writeTree({ 'agent.yaml': `${HEAD}test_cases_file: none.json\n` });
    const skipped = expectConfig({ dir, result: await loadConfig(dir, { env: {}, test_cases: 'skip' }) });
    expect(skipped.name).toBe('demo');
    expect(skipped.test_cases).toEqual([]);
    const read = await loadConfig(dir, { env: {} });
    expect(read.ok).toBe(false);
  });

  it('still checks the rest of the configuration', async () => {
    const dir = await writeTree({ 'agent.yaml': 'name: demo\ntest_cases_file: cases.json\n', 'cases.json': '[' });
    const result = await loadConfig(dir, { env: {}, test_cases: 'skip' });
    expect(result.ok ? [] : result.issues.map((issue) => issue.message)).toContainEqual(expect.stringMatching(/model/));
  });
});
