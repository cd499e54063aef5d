/** The Markdown of `--repeat N`: a case's pass rate, pass@k and pass^k for k = 1..N, and each turn's rate. */
import type { TestResult } from '../core/results.js';
import { turnLabel } from '../core/turn-label.js';
import { formatPercent } from './format-numbers.js';
import { mdRow } from './markdown-escape.js';
import { passCountsText, shownRepeat } from './repeat-text.js';
import { MARKDOWN_STATUS } from './status-text.js';

/** The blocks under a repeated case's heading; none for a case run once. */
export function markdownRepeatBlocks(result: TestResult): string[] {
  const stats = result.repeat_stats;
  if (stats === undefined) return [];
  const flaky = stats.flaky ? ' · ⚠️ flaky' : '';
  const blocks = [
    `**Repeats:** ${passCountsText(stats)}${flaky} · passes at a pass rate of ${formatPercent(stats.min_pass_rate, 1)} or more`,
    [
      '| k | pass@k | pass^k |',
      '|---|---|---|',
      ...stats.pass_at_k.map((at, i) => mdRow([String(i + 1), at.toFixed(3), (stats.pass_hat_k[i] ?? 0).toFixed(3)])),
    ].join('\n'),
  ];
  if (stats.turns !== undefined) {
    const count = stats.turns.length;
    blocks.push(
      [
        '| Turn | Passed | Pass rate | pass^k (k = N) | Flaky |',
        '|---|---|---|---|---|',
        ...stats.turns.map((turn) =>
          mdRow([
            turnLabel(turn.turn_index, count),
            `${turn.passed}/${turn.runs}`,
            formatPercent(turn.passed, turn.runs),
            (turn.pass_hat_k[turn.runs - 1] ?? 0).toFixed(3),
            turn.flaky ? '⚠️ flaky' : '',
          ]),
        ),
      ].join('\n'),
    );
  }
  const runs = result.repeats ?? [];
  blocks.push(
    `Repeats in order: ${runs.map((run, i) => `${i + 1} ${MARKDOWN_STATUS[run.status].split(' ')[0]}`).join(' · ')}. The turns below are those of repeat ${shownRepeat(result) + 1}.`,
  );
  return blocks;
}
