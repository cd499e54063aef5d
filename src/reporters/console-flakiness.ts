/**
 * The console's flakiness section (`--repeat N`): every flaky case — some repeats passed, some did not — with
 * its pass rate and pass^k for k = 1..N, and under it each flaky turn with its own rate.
 */
import { countNoun } from '../core/count-noun.js';
import type { Palette } from './ansi.js';
import { formatPercent } from './format-numbers.js';
import { estimatesText, type FlakyCollector, passCountsText } from './repeat-text.js';
import { consoleName } from './safe-text.js';
import { consoleMark } from './status-text.js';

export function formatFlakiness(flaky: FlakyCollector, palette: Palette): string[] {
  if (flaky.total === 0) return [];
  // The summary counts flaky cases; cases whose verdict held while some turn of theirs did not are listed too.
  const turnsOnly = flaky.total - flaky.flaky_cases;
  const more = turnsOnly === 0 ? '' : `, ${countNoun(turnsOnly, 'other')} with flaky turns`;
  const lines = ['', palette.bold(`Flakiness (${countNoun(flaky.flaky_cases, 'flaky test case')}${more})`)];
  for (const entry of flaky.listed) {
    const { stats } = entry;
    const bar = `min ${formatPercent(stats.min_pass_rate, 1)}`;
    lines.push(
      `  ${consoleMark(entry.status, palette)} ${consoleName(entry.test_name)}  ${palette.yellow(passCountsText(stats))}  ${palette.dim(bar)}`,
    );
    lines.push(`      pass^k  ${estimatesText(stats.pass_hat_k)}  ${palette.dim(`(k = 1..${stats.runs})`)}`);
    for (const turn of entry.turns) lines.push(`      ${turn.label}  ${passCountsText(turn.counts)}`);
  }
  const hidden = flaky.total - flaky.listed.length;
  if (hidden > 0) lines.push(palette.dim(`  … and ${hidden} more flaky test cases (see the report files)`));
  return lines;
}
