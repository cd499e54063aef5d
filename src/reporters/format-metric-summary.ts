/**
 * One metric over a run, as the console and Markdown summaries say it: `1,392/1,486 passed (93.67%)`, the
 * evaluations that could not run when there were some, and the mean score when it tells more than the pass
 * rate (a BLEU or a judge's score, not the 0/1 of an equality).
 */
import type { MetricSummary } from '../core/metric-tally.js';
import { formatInteger, formatPercent, formatScore } from './format-numbers.js';

export function formatMetricSummary(metric: MetricSummary): string {
  const evaluated = metric.passed + metric.failed + metric.errored;
  const parts = [
    `${formatInteger(metric.passed)}/${formatInteger(evaluated)} passed (${formatPercent(metric.passed, evaluated)})`,
  ];
  if (metric.errored > 0) parts.push(`${formatInteger(metric.errored)} could not run`);
  const judged = metric.passed + metric.failed;
  const rate = judged === 0 ? 0 : metric.passed / judged;
  if (metric.mean_score !== null && Math.abs(metric.mean_score - rate) > 1e-9) {
    parts.push(`mean score ${formatScore(metric.mean_score)}`);
  }
  return parts.join(' · ');
}
