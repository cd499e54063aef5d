/** Feeds a finished report to a reporter hook by hook, as the runner would (used by tests only). */
import type { Reporter, RunState } from '../../../src/core/reporter.js';
import type { RunReport } from '../../../src/core/results.js';
import { runInfo } from './run-info.js';

export async function playReport(reporter: Reporter, report: RunReport, state: RunState = 'completed') {
  const totalTurns = report.results.reduce((sum, result) => sum + (result.turns?.length ?? 1), 0);
  await reporter.onBegin?.(runInfo({ total_cases: report.results.length, total_turns: totalTurns }));
  for (const [index, result] of report.results.entries()) {
    await reporter.onTestCaseBegin?.(result.test_name, index);
    for (const turn of result.turns ?? []) {
      if (!turn.skipped) await reporter.onTurnEnd?.(result.test_name, turn);
    }
    await reporter.onTestCaseEnd?.(result, index);
  }
  const { results: _results, ...end } = report;
  await reporter.onEnd?.(end, state);
}
