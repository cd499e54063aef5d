import { describe, expect, it } from 'vitest';
import { MIXED_A, MIXED_B } from '../../test/support/dashboard/mixed-changes.js';
import { conversationCase } from '../../test/support/dashboard/sample-results.js';
import { compareCases, compareResults, hasRegression, sectionOf, turnStatuses } from './compare-results.js';
import type { RepeatStats, TestResult, TurnRepeatStats } from './results.js';
import { repeatedCaseStatus, verdict } from './status.js';

/** A three-turn case repeated `runs` times whose turns passed as often as `passes` says, its own turns one repeat's. */
function repeated(name: string, passes: readonly number[], runs: number, minPassRate = 1): TestResult {
  const turns: TurnRepeatStats[] = passes.map((passed, turn_index) => ({
    turn_index,
    runs,
    passed,
    failed: runs - passed,
    errored: 0,
    skipped: 0,
    pass_rate: passed / runs,
    flaky: passed > 0 && passed < runs,
    pass_at_k: [],
    pass_hat_k: [],
  }));
  const casePasses = Math.min(...passes);
  const statuses = [...Array(casePasses).fill('passed'), ...Array(runs - casePasses).fill('failed')];
  const status = repeatedCaseStatus(statuses, minPassRate);
  const stats: RepeatStats = {
    ...turns[0]!,
    passed: casePasses,
    failed: runs - casePasses,
    min_pass_rate: minPassRate,
    turns,
  };
  // The case's own turns are those of its first repeat, which passed every turn.
  return { ...conversationCase(name), ...verdict(status), repeat_stats: stats };
}

describe('turns of repeated cases', () => {
  it('are judged over the repeats by the pass rate, not by the one repeat the case shows', () => {
    expect(turnStatuses(repeated('c', [2, 1, 1], 2))).toEqual(['passed', 'failed', 'failed']);
    expect(turnStatuses(repeated('c', [2, 1, 1], 2, 0.5))).toEqual(['passed', 'passed', 'passed']);
  });

  it('compare neither invents a turn regression between repeats that failed alike nor misses a real one', () => {
    // Turns 2 and 3 pass one repeat of two in both runs: nothing changed.
    const [same] = compareCases([repeated('c', [2, 1, 1], 2)], [repeated('c', [2, 1, 1], 2)]);
    expect(same).toMatchObject({ kind: 'still_failing', regressed_turns: 0, turns: [] });
    // Turn 2 passed 5 of 5, then 1 of 5: a regression of that turn in a case failing in both runs.
    const [worse] = compareCases([repeated('c', [5, 5, 0], 5)], [repeated('c', [5, 1, 0], 5)]);
    expect(worse).toMatchObject({
      kind: 'still_failing',
      regressed_turns: 1,
      turns: [{ turn_index: 1, a: 'passed', b: 'failed' }],
    });
  });

  it('are skipped, not errored, when they passed in some repeats and did not run in the others', () => {
    const result = repeated('c', [3, 2], 3);
    const turns = result.repeat_stats?.turns ?? [];
    const second = { ...turns[1]!, failed: 0, skipped: 1 };
    const skippedOnce = { ...result, repeat_stats: { ...result.repeat_stats!, turns: [turns[0]!, second] } };
    expect(turnStatuses(skippedOnce)).toEqual(['passed', 'skipped']);
  });

  it('reach a percentage pass rate they meet exactly (9 of 125 is 7.2 %)', () => {
    const statuses = [...Array(9).fill('passed'), ...Array(116).fill('failed')];
    expect(repeatedCaseStatus(statuses, 7.2 / 100)).toBe('passed');
    expect(repeatedCaseStatus(statuses, 0.0721)).toBe('failed');
  });
});

describe('cases still failing', () => {
  it('each have one trend from their turns, which the counts add up to, and one section', () => {
    const { counts, trends, cases } = compareResults(MIXED_A, MIXED_B);
    expect(cases.map((c) => [c.test_name, c.kind, c.trend, sectionOf(c)])).toEqual([
      ['regresses', 'regressed', null, 'regressions'],
      ['worse', 'still_failing', 'worse', 'regressions'],
      ['mixed', 'still_failing', 'mixed', 'mixed'],
      ['fixed', 'fixed', null, 'improvements'],
      ['better', 'still_failing', 'better', 'improvements'],
      ['unchanged', 'still_failing', 'unchanged', 'still_failing'],
    ]);
    expect(counts).toMatchObject({ regressed: 1, fixed: 1, still_failing: 4, still_passing: 1 });
    expect(trends).toEqual({ worse: 1, mixed: 1, better: 1, unchanged: 1 });
  });

  it('are told at the turn that newly fails; a mixed case is a regression, a better one is not', () => {
    const cases = compareCases(MIXED_A, MIXED_B);
    const named = (name: string) => cases.find((c) => c.test_name === name);
    expect(named('worse')?.failure).toMatch(/^turn 4\/4: /);
    expect(named('mixed')?.failure).toMatch(/^turn 4\/4: /);
    expect(named('better')?.failure).toMatch(/^turn 2\/4: /);
    const only = (name: string) => ({ ...compareResults([], []), cases: cases.filter((c) => c.test_name === name) });
    expect(hasRegression(only('mixed'))).toBe(true);
    expect(hasRegression(only('better'))).toBe(false);
  });
});
