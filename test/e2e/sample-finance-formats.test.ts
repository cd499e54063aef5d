/**
 * The financial-assistant sample's finance-formats variant through the built CLI: the reference agent's
 * answers written the way chat models write numbers ("The answer is $(1,234.5).", "**$1.235 million**",
 * "–4", "14.14 %") all pass the numeric metric of the sample, and the JSON report shows which notations it read.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { runCli } from '../helpers/run-cli.js';

describe('the financial-assistant sample in finance notation', () => {
  it('passes every turn when the answers are written as finance writes them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-finance-'));
    const report = join(dir, 'report.json');
    const run = await runCli([
      'test',
      'sample/financial-assistant/finance-formats.yaml',
      '--results-dir',
      dir,
      '--output',
      report,
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/40 passed · 0 failed · 0 skipped · 40 total/);
    const results = (JSON.parse(await readFile(report, 'utf8')) as RunReport).results;
    const turns = results.flatMap((result) => result.turns ?? []);
    const read = turns.flatMap((turn) =>
      turn.metric_results
        .filter((metric) => metric.metric_name === 'numeric')
        .map((metric) => [turn.response, (metric.details as { actual_read_as?: string } | null)?.actual_read_as]),
    );
    // The negative turn of Double_HII, with an en dash for its minus, which the metric once read as positive.
    expect(read).toContainEqual(['The answer is –21.05%.', 'percent_as_fraction']);
    expect(read).toContainEqual(['That comes to −4, according to the figures reported.', 'number']);
    expect(new Set(read.map(([, as]) => as))).toEqual(new Set(['number', 'percent_as_fraction']));
    expect(read.some(([answer]) => answer?.startsWith('The answer is'))).toBe(true);
  });
});
