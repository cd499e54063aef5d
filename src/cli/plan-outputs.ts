/**
 * `--output PATH` (repeatable) and `--format`: the format of each report file, from its extension or from
 * `--format` — never both saying different things. `.html` is the static report of `test view --export`.
 */
import { extname, relative, resolve } from 'node:path';
import { REPORT_EXTENSIONS, REPORT_EXTENSIONS_SAID, REPORT_FORMAT_NAMES } from '../core/report-file-format.js';
import type { ReportFormat } from '../reporters/create-reporter.js';

export type OutputFormat = ReportFormat | 'html';

/** `--output -`: the report goes to stdout, as `--output /dev/stdout` does. */
const STDOUT_PATHS: ReadonlySet<string> = new Set(['/dev/stdout', '/dev/fd/1', '/proc/self/fd/1']);

/** Whether a planned report is written to this process's stdout (the console summary then goes to stderr). */
export function isStdoutPath(path: string): boolean {
  return STDOUT_PATHS.has(path);
}

/** A report's path as said to the user: `-` for stdout, as it is given; others relative to `cwd`. */
export function shownOutputPath(path: string, cwd: string): string {
  return isStdoutPath(path) ? '-' : relative(cwd, path) || '.';
}

export interface PlannedOutput {
  /** Absolute path. */
  readonly path: string;
  readonly format: OutputFormat;
}

export type OutputPlan =
  | { readonly ok: true; readonly outputs: readonly PlannedOutput[] }
  | { readonly ok: false; readonly message: string };

/**
 * `dryRun`: `--dry-run`, which writes no report. `--format` without an `--output`, or `--output` with
 * `--dry-run`, would do nothing: said (exit 2) rather than ignored.
 */
export function planOutputs(paths: readonly string[], format: OutputFormat | undefined, dryRun = false): OutputPlan {
  if (format !== undefined && paths.length === 0) {
    return { ok: false, message: '--format sets the format of the --output files: give --output PATH with it' };
  }
  if (dryRun && paths.length > 0) {
    return { ok: false, message: '--dry-run writes no report: drop --output, or run without --dry-run' };
  }
  const outputs: PlannedOutput[] = [];
  for (const given of paths) {
    const path = given === '-' ? '/dev/stdout' : given;
    if (given === '-' && format === undefined) {
      return {
        ok: false,
        message: '--output - writes the report to stdout: give --format json|markdown|junit with it',
      };
    }
    const ext = extname(path).toLowerCase();
    const fromExtension = REPORT_EXTENSIONS[ext];
    if (format !== undefined && fromExtension !== undefined && fromExtension !== format) {
      return {
        ok: false,
        message:
          `--output ${path} is a ${REPORT_FORMAT_NAMES[fromExtension]} file name, but --format is ${format}: ` +
          `drop --format (the extension chooses), or name the file for ${REPORT_FORMAT_NAMES[format]}`,
      };
    }
    const chosen = format ?? fromExtension;
    if (chosen === undefined) {
      const found = ext === '' ? 'has no extension' : `has the extension "${ext}"`;
      return {
        ok: false,
        message:
          `cannot tell the report format of "${path}": it ${found}; use ${REPORT_EXTENSIONS_SAID}, ` +
          'or set --format json|markdown|junit|html',
      };
    }
    outputs.push({ path: resolve(path), format: chosen });
  }
  return { ok: true, outputs };
}
