/**
 * JUnit for `--repeat N`, in the elements surefire's schema has for reruns: a case that passed although some
 * repeats did not (flaky) stays passed and holds one `<flakyFailure>` or `<flakyError>` per such repeat; a
 * case that did not pass holds its `<failure>`/`<error>` (the repeat its reasons come from) and one
 * `<rerunFailure>` or `<rerunError>` per other repeat that did not pass.
 */
import { caseFailures, describeCaseFailure } from '../core/failure-reasons.js';
import type { TestResult } from '../core/results.js';
import { formatPercent } from './format-numbers.js';
import { capJunitText } from './junit-text-cap.js';
import { shownRepeat } from './repeat-text.js';
import { oneLine } from './safe-text.js';
import { xmlAttr, xmlText } from './xml-escape.js';

const TEXT_WIDTH = 500;

/** `5/8 repeats passed (62.5%), min pass rate 100%`, or null for a case run once. */
export function repeatNote(result: TestResult): string | null {
  const stats = result.repeat_stats;
  if (stats === undefined) return null;
  const rate = formatPercent(stats.passed, stats.runs);
  return `${stats.passed}/${stats.runs} repeats passed (${rate}), min pass rate ${formatPercent(stats.min_pass_rate, 1)}`;
}

/** The rerun elements of a repeated case (none for a case run once). */
export function junitRepeatElements(
  result: TestResult,
  failureBody: (failures: ReturnType<typeof caseFailures>) => string,
): string[] {
  const runs = result.repeats;
  if (runs === undefined) return [];
  const shown = result.status === 'passed' ? -1 : shownRepeat(result);
  const prefix = result.status === 'passed' ? 'flaky' : 'rerun';
  const elements: string[] = [];
  runs.forEach((run, i) => {
    if (run.status === 'passed' || run.status === 'skipped' || i === shown) return;
    const kind = run.status === 'error' ? 'Error' : 'Failure';
    const failures = caseFailures(run);
    const message = `repeat ${i + 1}/${runs.length}: ${failures.map((f) => oneLine(describeCaseFailure(f), TEXT_WIDTH)).join(' | ')}`;
    const type = `${failures[0]?.turn_index === null ? 'TestCase' : 'Turn'}${kind}`;
    const element = `${prefix}${kind}`;
    elements.push(
      `      <${element} message="${xmlAttr(capJunitText(message))}" type="${type}">${xmlText(failureBody(failures))}</${element}>`,
    );
  });
  return elements;
}
