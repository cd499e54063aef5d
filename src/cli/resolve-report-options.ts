/**
 * The reports of `holodeck test` and how much it prints, from the command line, else agent.yaml, else the
 * environment: `--output` / `--format` (the command line's reports replace the others, never add to them), else
 * `execution.output` / `execution.format`, else `HOLODECK_OUTPUT` (report paths separated by commas); `-v` / `-q`,
 * else `execution.verbose` / `execution.quiet`, else `HOLODECK_VERBOSE` / `HOLODECK_QUIET` (`true` or `false`, as
 * every boolean variable and setting: not `1`/`0`). A variable empty or blank is unset, as every variable; one
 * whose setting the command line or agent.yaml gives is not read at all. A value that cannot be read is a usage
 * error naming the variable, and a report that cannot be written one naming where it was set.
 */
import type { ExecutionConfig } from '../core/config-types.js';
import { outputPlaceProblem } from './check-output-places.js';
import { type PlannedOutput, planOutputs } from './plan-outputs.js';
import type { TestOptions } from './test-options.js';

type Env = Readonly<Record<string, string | undefined>>;

export type ReportOptions =
  | {
      readonly ok: true;
      /** The options with `output`, `format` and `verbosity` as resolved. */
      readonly options: TestOptions;
      /** The reports to write, each where it can be written. */
      readonly outputs: readonly PlannedOutput[];
    }
  | { readonly ok: false; readonly message: string };

/** `execution`: the settings agent.yaml gives; `configPath`, to say where a report that cannot be written is set. */
export async function resolveReportOptions(
  options: TestOptions,
  execution: ExecutionConfig,
  env: Env,
  configPath: string,
): Promise<ReportOptions> {
  const reports = reportPaths(options, execution, env, configPath);
  if (!reports.ok) return reports;
  const verbosity = resolveVerbosity(options, execution, env);
  if (!verbosity.ok) return verbosity;
  const plan = planOutputs(reports.paths, reports.format, options.dryRun);
  if (!plan.ok) return { ok: false, message: `${reports.source}${plan.message}` };
  const placeProblem = await outputPlaceProblem(plan.outputs);
  if (placeProblem !== null) return { ok: false, message: placeProblem };
  const resolved = { ...options, output: reports.paths, format: reports.format, verbosity: verbosity.verbosity };
  return { ok: true, options: resolved, outputs: plan.outputs };
}

type ReportPaths =
  | {
      readonly ok: true;
      readonly paths: readonly string[];
      readonly format: TestOptions['format'];
      /** Where the paths were given, said before a message about them: '' for the command line. */
      readonly source: string;
    }
  | { readonly ok: false; readonly message: string };

function reportPaths(options: TestOptions, execution: ExecutionConfig, env: Env, configPath: string): ReportPaths {
  if (options.output.length > 0) return { ok: true, paths: options.output, format: options.format, source: '' };
  // A dry run writes no report: the reports agent.yaml or the environment name are for runs, set aside (a CI job
  // that sets HOLODECK_OUTPUT for every step can still dry-run); what is said of `--format` is then of it alone.
  if (options.dryRun === true) return { ok: true, paths: [], format: options.format, source: '' };
  if (execution.output !== undefined) {
    const format = options.format ?? execution.format;
    return { ok: true, paths: execution.output, format, source: `execution.output of ${configPath}: ` };
  }
  const text = env['HOLODECK_OUTPUT'];
  const paths = splitPaths(text ?? '');
  const given = `environment variable HOLODECK_OUTPUT=${JSON.stringify(text)}`;
  return { ok: true, paths, format: options.format, source: paths.length > 0 ? `${given}: ` : '' };
}

type Verbosity =
  | { readonly ok: true; readonly verbosity: TestOptions['verbosity'] }
  | { readonly ok: false; readonly message: string };

function resolveVerbosity(options: TestOptions, execution: ExecutionConfig, env: Env): Verbosity {
  // The command line has no way to ask for the normal detail: `normal` there is neither -v nor -q.
  if (options.verbosity !== 'normal') return { ok: true, verbosity: options.verbosity };
  if (execution.verbose !== undefined || execution.quiet !== undefined) {
    return { ok: true, verbosity: chosen(execution.verbose === true, execution.quiet === true) };
  }
  const verbose = flag(env, 'HOLODECK_VERBOSE');
  const quiet = flag(env, 'HOLODECK_QUIET');
  for (const read of [verbose, quiet]) if (typeof read === 'string') return { ok: false, message: read };
  if (verbose === true && quiet === true) {
    return { ok: false, message: 'HOLODECK_VERBOSE and HOLODECK_QUIET are both true: set one of them' };
  }
  return { ok: true, verbosity: chosen(verbose === true, quiet === true) };
}

function chosen(verbose: boolean, quiet: boolean): TestOptions['verbosity'] {
  return quiet ? 'quiet' : verbose ? 'verbose' : 'normal';
}

function splitPaths(text: string): string[] {
  return text
    .split(',')
    .map((path) => path.trim())
    .filter((path) => path !== '');
}

/**
 * The variable as true or false (unset, empty or blank: false), or why it cannot be read. Only `true` and `false`
 * in any case, as the boolean settings of `execution:` and their variables read them.
 */
function flag(env: Env, name: string): boolean | string {
  const text = env[name]?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  return `environment variable ${name}=${JSON.stringify(env[name])} is invalid: expected true or false`;
}
