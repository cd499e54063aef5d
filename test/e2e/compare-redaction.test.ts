/**
 * `holodeck compare` masks the secrets of the environment it runs in, as the dashboard and `--export` do: a
 * record written elsewhere (another machine, an older holodeck, a hand edit) may hold a value this machine knows
 * to be a secret.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { singleCase } from '../support/dashboard/sample-results.js';
import { writeRun } from '../support/dashboard/write-records.js';

describe('holodeck compare', () => {
  it('masks the secrets of its environment in what it prints', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-compare-'));
    const secret = 'zzSECRETabcdef123';
    const a = await writeRun(dir, { startedAt: '2026-12-01T10:00:00.000Z', results: [singleCase('kept', true)] });
    const b = await writeRun(dir, {
      startedAt: '2026-12-01T11:00:00.000Z',
      results: [singleCase('kept', false), singleCase(`case ${secret}`, true)],
    });
    const run = await runCli(['compare', a, b, '--results-dir', dir], { env: { MY_API_TOKEN: secret } });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain('case ***MY_API_TOKEN');
    expect(`${run.stdout}${run.stderr}`).not.toContain(secret);
  });
});
