/** The one line printed per finished test case. */

import { countNoun } from '../core/count-noun.js';
import { caseTurnCounts, firstFailureText } from '../core/failure-reasons.js';
import { formatCostSpent } from '../core/format-cost.js';
import type { RepeatStats, TestResult } from '../core/results.js';
import type { Palette } from './ansi.js';
import { formatDuration } from './format-numbers.js';
import { passCountsText } from './repeat-text.js';
import { consoleName, escapeControlChars, oneLine } from './safe-text.js';
import { consoleMark } from './status-text.js';
import { retriesNote } from './turn-views.js';

const REASON_WIDTH = 160;

/**
 * `✓ JKHY-2009  4 turns · 4/4 passed  1.2s`; failing cases end with their first failing turn and why, and
 * cases that could not be judged are marked `! … ERROR` with the cause. Tool calls that returned an error are
 * counted (`1 tool error`) whether or not the case passed.
 */
export function formatCaseLine(result: TestResult, palette: Palette): string {
  // One line per case, whatever its name holds (a newline is shown as ⏎).
  const parts = [`${consoleMark(result.status, palette)} ${consoleName(result.test_name)}`];
  if (result.status === 'error') parts.push(palette.red('ERROR'));
  if (result.turns !== undefined) {
    const counts = caseTurnCounts(result);
    const errored = counts.errored > 0 ? `, ${counts.errored} errored` : '';
    const skipped = counts.skipped > 0 ? `, ${counts.skipped} skipped` : '';
    parts.push(`${countNoun(counts.total, 'turn')} · ${counts.passed}/${counts.total} passed${errored}${skipped}`);
  }
  if (result.repeat_stats !== undefined) parts.push(repeatsText(result.repeat_stats, palette));
  const toolErrors = result.tool_invocations.filter((call) => call.error !== null).length;
  if (toolErrors > 0) parts.push(palette.yellow(`${toolErrors} tool ${toolErrors === 1 ? 'error' : 'errors'}`));
  const cost = formatCostSpent(result);
  // A conversation's retries are said on its turns' lines; a single-turn case's here, as they are.
  const retries = result.turns === undefined ? retriesNote({ retries: result.retries ?? 0 }) : '';
  parts.push(palette.dim(`${formatDuration(result.execution_time_ms)}${retries}${cost === null ? '' : ` · ${cost}`}`));
  const line = parts.join('  ');
  const failure = firstFailureText(result);
  if (failure === null) return line;
  const more = failure.more > 0 ? palette.dim(` (+${failure.more} more)`) : '';
  return `${line}  ${palette.red('—')} ${oneLine(escapeControlChars(failure.text), REASON_WIDTH)}${more}`;
}

/** `repeats 5/8 passed (62.5%) · flaky`. */
function repeatsText(stats: RepeatStats, palette: Palette): string {
  const text = `repeats ${passCountsText(stats)}`;
  return stats.flaky ? palette.yellow(`${text} · flaky`) : text;
}
