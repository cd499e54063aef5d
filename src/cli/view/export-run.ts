/** `holodeck test view --export FILE`: one run as a self-contained HTML page, with the exit code of each failure. */
import { basename, resolve, sep } from 'node:path';
import type { Redactor } from '../../core/redactor.js';
import { DashboardError, type DashboardErrorCode } from '../../dashboard/dashboard-error.js';
import { exportStaticReport } from '../../dashboard/export-static-report.js';
import { writeStreamAtomic } from '../../reporters/atomic-write.js';
import { agentSlug } from '../../reporters/run-record-path.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { exportPlaceProblem } from './export-place-problem.js';
import type { ViewSettings } from './view-settings.js';

export interface ExportRunOptions {
  readonly export: string;
  /** `<agent-slug>/<timestamp>`; the latest readable run of the config's agent when absent. */
  readonly run?: string | undefined;
}

/** Why `--export` found no run to write: the command line's mistake (exit 2). */
const RUN_PROBLEMS: ReadonlySet<DashboardErrorCode> = new Set([
  'INVALID_RUN_ID',
  'RUN_NOT_FOUND',
  'RECORD_UNREADABLE',
  'NO_RUNS',
]);

export async function exportRun(
  options: ExportRunOptions,
  settings: ViewSettings,
  resultsDir: string,
  redactor: Redactor,
): Promise<ExitCode> {
  const outPath = resolve(options.export);
  try {
    const placeProblem = await exportPlaceProblem(outPath, options.export, settings);
    if (placeProblem !== null) {
      process.stderr.write(`error: ${placeProblem}\n`);
      return EXIT.config;
    }
    const written = await exportStaticReport({
      resultsDir,
      runId: options.run,
      outPath,
      redactor,
      write: writeStreamAtomic,
      onPassedOver: (note) => process.stderr.write(`note: exporting the latest readable run: ${note}\n`),
      // The config's own runs: other agents may keep theirs in the same results folder.
      ...(settings.name === undefined ? {} : { agentSlug: agentSlug(redactor.text(settings.name)) }),
    });
    process.stdout.write(`wrote ${written}\n`);
    return EXIT.ok;
  } catch (error) {
    // A run that cannot be found or read is a mistake of the command line; anything else failed writing.
    if (error instanceof DashboardError && RUN_PROBLEMS.has(error.code)) {
      process.stderr.write(`error: ${error.message}\n`);
      return EXIT.config;
    }
    // The runs could not be read (a results folder the user may not list): not the report's fault.
    if (isReadFailureIn(error, resultsDir, outPath)) {
      const reason = error instanceof Error ? error.message : String(error);
      process.stderr.write(
        `error: the runs in ${resultsDir} cannot be read: ${reason} — give --results-dir a folder you can read, or read access to this one\n`,
      );
      return EXIT.config;
    }
    process.stderr.write(`error: cannot write the report ${options.export}: ${exportFailure(error)}\n`);
    return EXIT.runtime;
  }
}

/** Whether `error` is a file system failure on the run records: at or under the results folder, not the page. */
function isReadFailureIn(error: unknown, resultsDir: string, outPath: string): boolean {
  const { path, syscall } = (error ?? {}) as { path?: unknown; syscall?: unknown };
  if (typeof path !== 'string' || typeof syscall !== 'string' || WRITES.has(syscall)) return false;
  if (path !== resultsDir && !path.startsWith(`${resultsDir}${sep}`)) return false;
  // The page itself, or the temporary file it is written to beside it, may be inside the results folder.
  const page = basename(outPath);
  const name = basename(path);
  return name !== page && !(name.startsWith(`.${page}.`) && name.endsWith('.tmp'));
}

/** Calls that write: a failure in one of them is the page's. */
const WRITES: ReadonlySet<string> = new Set(['mkdir', 'rename', 'write', 'unlink', 'rmdir', 'chmod', 'fsync']);

function exportFailure(error: unknown): string {
  if (error instanceof RangeError) {
    return `the run is too large to export as one page (${error.message}): open it in the dashboard instead (holodeck test view), or keep runs smaller (--max-text-length when they run)`;
  }
  return error instanceof Error ? error.message : String(error);
}
