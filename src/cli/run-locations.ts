/** After a run: where its record and every report went, and the command that opens the dashboard on it. */
import { relative } from 'node:path';
import { holodeckCommand } from './holodeck-command.js';
import { shownOutputPath } from './plan-outputs.js';
import { shellQuote } from './shell-quote.js';

export interface RunLocations {
  readonly record: string | null;
  readonly outputs: readonly string[];
  /** The record or reports that failed to be written (their errors were said above). */
  readonly failed?: ReadonlySet<string>;
  readonly configPath: string;
  /** Set when run records do not go to the default folder (the dashboard command must name it). */
  readonly resultsDir: string | null;
  readonly cwd: string;
  /** How the command starts (`holodeck`, or `npx holodeck` for a project's own install). */
  readonly command?: readonly string[];
}

/** Beside a report that failed: it may be missing, stale or cut short. */
export const FAILED = '(failed, see the error above)';

export function formatRunLocations(where: RunLocations): string {
  const shown = (path: string) => relative(where.cwd, path) || '.';
  const lines: string[] = [];
  const state = (path: string) => (where.failed?.has(path) === true ? `  ${FAILED}` : '');
  if (where.record !== null) lines.push(`run record  ${shown(where.record)}${state(where.record)}`);
  for (const output of where.outputs) lines.push(`report      ${shownOutputPath(output, where.cwd)}${state(output)}`);
  const view = [...(where.command ?? holodeckCommand()), 'test', 'view', shown(where.configPath)];
  if (where.resultsDir !== null) view.push('--results-dir', shown(where.resultsDir));
  lines.push(`dashboard   ${view.map(shellQuote).join(' ')}`);
  return `${lines.join('\n')}\n`;
}

export function printRunLocations(stream: NodeJS.WritableStream, where: RunLocations): void {
  stream.write(formatRunLocations(where));
}
