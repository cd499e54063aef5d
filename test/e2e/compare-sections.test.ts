/**
 * `holodeck compare` lists each changed case once: a heading counts what is listed under it, in the words of the
 * last line, and the reason beside a case names the turn that newly fails (with `--repeat`, by the rule its turn
 * lines follow, and from which repeat).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestResult } from '../../src/core/results.js';
import { verdict } from '../../src/core/status.js';
import { rollupRepeats } from '../../src/runner/rollup-repeats.js';
import { runCli } from '../helpers/run-cli.js';
import { failingAt, MIXED_A, MIXED_B } from '../support/dashboard/mixed-changes.js';
import { writeRun } from '../support/dashboard/write-records.js';

const CASE_LINE = /^ {2}\S (\S+) {2}/;

describe('holodeck compare sections', () => {
  it('counts in each heading the cases listed under it, each once, as the last line counts them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-compare-'));
    const a = await writeRun(dir, { startedAt: '2026-12-01T10:00:00.000Z', results: MIXED_A });
    const b = await writeRun(dir, { startedAt: '2026-12-01T11:00:00.000Z', results: MIXED_B });
    const run = await runCli(['compare', a, b, '--results-dir', dir]);
    expect(run.code, run.stderr).toBe(1);
    const lines = run.stdout.split('\n');
    const listed = lines.flatMap((line) => CASE_LINE.exec(line)?.[1] ?? []);
    expect(listed.sort()).toEqual(['better', 'fixed', 'mixed', 'regresses', 'unchanged', 'worse']);
    const under = (heading: string) => {
      const start = lines.indexOf(heading);
      const end = lines.indexOf('', start);
      return lines.slice(start + 1, end).flatMap((line) => CASE_LINE.exec(line)?.[1] ?? []);
    };
    expect(under('Regressions (2 cases: 1 regressed, 1 still failing and worse; 2 turns newly failing)')).toEqual([
      'regresses',
      'worse',
    ]);
    expect(under('Mixed (1 case still failing; 1 turn newly failing, 1 newly passing)')).toEqual(['mixed']);
    expect(under('Improvements (2 cases: 1 fixed, 1 still failing and better; 2 turns newly passing)')).toEqual([
      'fixed',
      'better',
    ]);
    expect(under('Still failing, unchanged (1)')).toEqual(['unchanged']);
    expect(run.stdout).toContain(
      '1 regressed · 1 fixed · 4 still failing (1 worse, 1 mixed, 1 better, 1 unchanged) · 1 unchanged passing',
    );
    expect(run.stdout).toMatch(/^ {2}± mixed {2}failed → failed, mixed — turn 4\/4: /m);
    expect(run.stdout).toMatch(/^ {2}✗ worse {2}failed → failed, worse — turn 4\/4: /m);
  });

  it('with --repeat, gives the reason of the turn its turn lines show, from a repeat where it ended so', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-compare-'));
    const errored = (turns: readonly number[]): TestResult => {
      const base = failingAt('flaky', []);
      const all = (base.turns ?? []).map((turn, index) =>
        turns.includes(index)
          ? { ...turn, ...verdict('error'), errors: [`model request failed: 500 (${index})`] }
          : turn,
      );
      return { ...base, turns: all, ...verdict(turns.length > 0 ? 'error' : 'passed') };
    };
    const execution = { parallel_test_cases: 8, llm_timeout: 60, repeat: 3, min_pass_rate: 0.6 };
    const stable = rollupRepeats([errored([]), errored([]), errored([])], 0.6);
    // The first repeat errs at turn 2/4; the other two at turn 1/4, which fails by the pass rate.
    const faulty = rollupRepeats([errored([1]), errored([0]), errored([0])], 0.6);
    const a = await writeRun(dir, { startedAt: '2026-12-01T10:00:00.000Z', results: [stable], execution });
    const b = await writeRun(dir, { startedAt: '2026-12-01T11:00:00.000Z', results: [faulty], execution });
    const run = await runCli(['compare', a, b, '--results-dir', dir]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain(
      '  ✗ flaky  passed → error — turn 1/4, repeat 2/3: model request failed: 500 (0)\n      turn 1/4  passed → error\n\n',
    );
  });
});
