/** `holodeck test view --export`: where it refuses to write, and the exit code of each failure. */
import { existsSync } from 'node:fs';
import { mkdtemp, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { singleCase } from '../support/dashboard/sample-results.js';
import { writeRun } from '../support/dashboard/write-records.js';

/** A project folder with one recorded run in results/. */
async function project(): Promise<{ dir: string; results: string; id: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'holodeck-view-export-'));
  const results = join(dir, 'results');
  const id = await writeRun(results, { startedAt: '2026-12-01T09:00:00Z', results: [singleCase('a', true)] });
  return { dir, results, id };
}

describe('holodeck test view --export', () => {
  it('exits 2 for a run that cannot be found, and 3 for a report that cannot be written', async () => {
    const { dir, results } = await project();
    const missing = await runCli(
      ['test', 'view', '--results-dir', results, '--export', 'r.html', '--run', 'financial-assistant/2020'],
      { cwd: dir },
    );
    expect(missing.code, missing.stderr).toBe(2);
    expect(missing.stderr).toMatch(/^error: no run financial-assistant\/2020 in the results folder /);
    if (!existsSync('/dev/full')) return;
    // A device that takes no byte: the place is fine, the writing fails.
    await symlink('/dev/full', join(dir, 'full.html'));
    const full = await runCli(['test', 'view', '--results-dir', results, '--export', 'full.html'], { cwd: dir });
    expect(full.code, full.stderr).toBe(3);
    expect(full.stderr).toMatch(/^error: cannot write the report full\.html: .*ENOSPC/);
  });
});
