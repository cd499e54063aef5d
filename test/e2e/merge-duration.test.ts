/**
 * A merged run's time runs from the start of the first shard to the end of the last, the waits between jobs
 * included, as the README says: shards run hours apart make a run of hours.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { runCli } from '../helpers/run-cli.js';
import { runTwoShards } from './two-shards.js';

const HOUR_MS = 3_600_000;

/** The record's start and end moved `ms` later, as if its job ran then. */
function shifted(text: string, ms: number): string {
  const later = (iso: string) => new Date(Date.parse(iso) + ms).toISOString();
  return text.replace(
    /("(?:started_at|finished_at)":\s*")([^"]+)"/g,
    (_, key: string, iso: string) => `${key}${later(iso)}"`,
  );
}

describe('the time of a merged run', () => {
  it('spans the first shard start to the last shard end', async () => {
    const { dir, records } = await runTwoShards('spans');
    const second = records[1] ?? '';
    await writeFile(second, shifted(await readFile(second, 'utf8'), 3 * HOUR_MS));
    const shardTimes = await Promise.all(
      records.map(async (path) => {
        const record = JSON.parse(await readFile(path, 'utf8')) as { report: RunReport };
        return record.report.summary.duration_ms;
      }),
    );
    const merged = await runCli(['merge-reports', 's', '--results-dir', 'm', '--output', 'merged.json'], { cwd: dir });
    expect(merged.code, merged.stderr).toBe(0);
    const report = JSON.parse(await readFile(join(dir, 'merged.json'), 'utf8')) as RunReport;
    expect(report.summary.duration_ms).toBeGreaterThanOrEqual(3 * HOUR_MS);
    expect(shardTimes.reduce((sum, ms) => sum + ms, 0)).toBeLessThan(HOUR_MS);
    expect(merged.stdout).toMatch(/ {2}Time {4}3h/);
  }, 60_000);
});
