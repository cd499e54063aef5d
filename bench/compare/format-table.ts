/**
 * The side-by-side table: one row per workload, the figure of each tool and the ratio promptfoo ÷ holodeck
 * of their times (above 1: holodeck is that many times faster). A cell says when its run is not a valid
 * figure: a non-zero exit, a time-out, or turns that did not pass.
 */
import type { ToolResult } from './run-workload.js';
import { figureOf, idealMs, type Workload } from './workloads.js';

export interface TableRow {
  readonly workload: Workload;
  readonly holodeck: ToolResult | null;
  /** null: promptfoo was not run. */
  readonly promptfoo: ToolResult | null;
}

export function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return `${s < 10 ? s.toFixed(2) : s.toFixed(1)} s`;
}

/** promptfoo's time ÷ holodeck's, e.g. `16×` or `3.7×`; `—` when either is missing. */
export function formatRatio(holodeckMs: number | null, promptfooMs: number | null): string {
  if (holodeckMs === null || promptfooMs === null || holodeckMs <= 0) return '—';
  const ratio = promptfooMs / holodeckMs;
  return `${ratio >= 10 ? ratio.toFixed(0) : ratio.toFixed(1)}×`;
}

export function formatEfficiency(value: number): string {
  return value < 0.1 ? value.toPrecision(2) : value.toFixed(2);
}

export function formatCell(workload: Workload, result: ToolResult | null): string {
  if (result === null) return 'not run';
  const parts: string[] = [];
  if (result.ms === null) parts.push('no figure');
  else if (workload.kind !== 'cases') parts.push(formatSeconds(result.ms));
  else if (workload.latency_ms === 0) {
    parts.push(`${formatSeconds(result.ms)} (${Math.round(workload.cases / (result.ms / 1000))}/s)`);
  } else parts.push(formatSeconds(result.ms), `efficiency ${formatEfficiency(idealMs(workload) / result.ms)}`);
  if (workload.kind === 'cases' && result.peak_rss_mib !== null) parts.push(`${result.peak_rss_mib.toFixed(0)} MiB`);
  if (result.timed_out) parts.push('timed out');
  else if (result.code !== 0) parts.push(`exit ${result.code}`);
  if (workload.kind === 'cases') {
    const turns = workload.cases * workload.turns;
    if (result.outcome === null) parts.push('no report');
    else if (result.outcome.passed !== turns) parts.push(`${result.outcome.passed}/${turns} turns passed`);
  }
  return parts.join(', ');
}

export function formatTable(rows: readonly TableRow[]): string {
  const lines = ['| figure | holodeck | promptfoo | ratio |', '|---|---|---|---|'];
  for (const row of rows) {
    const ratio = formatRatio(row.holodeck?.ms ?? null, row.promptfoo?.ms ?? null);
    lines.push(
      `| ${figureOf(row.workload)} | ${formatCell(row.workload, row.holodeck)} | ${formatCell(row.workload, row.promptfoo)} | ${ratio} |`,
    );
  }
  return lines.join('\n');
}
