/** The detail lines under the table: what each run measured, and the output of a run that failed. */
import type { ToolName } from './compare-tools.js';
import { formatEfficiency, formatSeconds } from './format-table.js';
import type { ToolResult } from './run-workload.js';
import { idealMs, type Workload } from './workloads.js';

/** A run whose figure stands: it exited 0 and, for case workloads, every turn passed. */
export function isValidResult(workload: Workload, result: ToolResult): boolean {
  if (result.ms === null || result.code !== 0 || result.timed_out) return false;
  if (workload.kind !== 'cases') return true;
  const turns = workload.cases * workload.turns;
  return result.outcome !== null && result.outcome.passed === turns && result.outcome.total === turns;
}

export function describeResult(tool: ToolName, workload: Workload, result: ToolResult): string[] {
  const parts: string[] = [];
  if (result.ms !== null)
    parts.push(workload.kind === 'cases' ? `wall ${formatSeconds(result.ms)}` : `median ${formatSeconds(result.ms)}`);
  if (result.cpu_ms !== null) parts.push(`CPU ${formatSeconds(result.cpu_ms)}`);
  if (result.peak_rss_mib !== null) parts.push(`peak RSS ${result.peak_rss_mib.toFixed(0)} MiB`);
  parts.push(result.timed_out ? 'timed out' : `exit ${result.code}`);
  if (workload.kind === 'cases') {
    parts.push(result.outcome === null ? 'no report' : `${result.outcome.passed}/${result.outcome.total} turns passed`);
    parts.push(`${result.requests} model requests`);
    if (result.fake_span_ms !== null) {
      const inRun =
        workload.latency_ms > 0 ? ` (efficiency ${formatEfficiency(idealMs(workload) / result.fake_span_ms)})` : '';
      parts.push(`first request → last reply ${formatSeconds(result.fake_span_ms)}${inRun}`);
    }
    if (result.wrap_up_ms !== null) parts.push(`last reply → exit ${Math.round(result.wrap_up_ms)} ms`);
  }
  const lines = [`${workload.id} · ${tool}: ${parts.join(', ')}`];
  if (!isValidResult(workload, result) && result.failure !== null) {
    lines.push(...failureExcerpt(result.failure).map((line) => `    ${line}`));
  }
  return lines;
}

/** The first error line of a failed run's output (a stack trace's message), then its last lines. */
export function failureExcerpt(output: string, last = 10): string[] {
  const lines = output.trimEnd().split('\n');
  const tail = lines.slice(-last);
  const firstError = lines.findIndex((line) => /\b[A-Za-z]*Error\b/.test(line));
  if (firstError === -1 || firstError >= lines.length - last) return tail;
  return [lines[firstError] ?? '', '…', ...tail];
}
