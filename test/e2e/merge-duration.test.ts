/**
 * A merged run's time runs from the start of the first shard to the end of the last, the waits between jobs
 * included, as the README says: shards run hours apart make a run of hours.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

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
    const dir = await writeProject({
      'agent.mjs': 'export function create() { return { async send() { return "ok"; } }; }\n',
      'agent.yaml': `name: spans
backend: { module: "agent.mjs:create" }
test_cases:
  - { name: a, input: a, ground_truth: ok }
  - { name: b, input: b, ground_truth: ok }
`,
    });
    for (const shard of ['1/2', '2/2']) {
      const run = await runCli(['test', 'agent.yaml', '--shard', shard, '--results-dir', 's', '-q'], { cwd: dir });
      expect(run.code, run.stderr).toBe(0);
    }
    const folder = join(dir, 's', 'spans');
    const records = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort();
    const second = join(folder, records[1] ?? '');
    await writeFile(second, shifted(await readFile(second, 'utf8'), 3 * HOUR_MS));
    const shardTimes = await Promise.all(
      records.map(async (name) => {
        const record = JSON.parse(await readFile(join(folder, name), 'utf8')) as { report: RunReport };
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
