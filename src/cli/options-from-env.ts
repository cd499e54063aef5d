/**
 * The options of `holodeck test` the environment may give when the command line does not: `HOLODECK_OUTPUT`
 * (report paths separated by commas), `HOLODECK_VERBOSE` and `HOLODECK_QUIET` (`true` or `false`, as every boolean
 * variable and setting: not `1`/`0`). A value empty or blank is unset, as for every variable. A value that cannot
 * be read is a usage error naming the variable; one the command line overrides is not read at all.
 */
import { planOutputs } from './plan-outputs.js';
import type { RawTestOptions } from './test-command-definition.js';

type Env = Readonly<Record<string, string | undefined>>;

export type EnvOptions =
  | { readonly ok: true; readonly raw: RawTestOptions }
  | { readonly ok: false; readonly message: string };

export function optionsFromEnv(raw: RawTestOptions, env: Env): EnvOptions {
  const outputs = raw.output.length > 0 ? raw.output : splitPaths(env['HOLODECK_OUTPUT'] ?? '');
  const outputProblem = raw.output.length > 0 ? null : envOutputProblem(outputs, raw, env);
  if (outputProblem !== null) return { ok: false, message: outputProblem };
  if (raw.verbose === true || raw.quiet === true) return { ok: true, raw: { ...raw, output: outputs } };
  const verbose = flag(env, 'HOLODECK_VERBOSE');
  const quiet = flag(env, 'HOLODECK_QUIET');
  for (const read of [verbose, quiet]) if (typeof read === 'string') return { ok: false, message: read };
  if (verbose === true && quiet === true) {
    return { ok: false, message: 'HOLODECK_VERBOSE and HOLODECK_QUIET are both true: set one of them' };
  }
  return {
    ok: true,
    raw: { ...raw, output: outputs, ...(verbose === true ? { verbose } : {}), ...(quiet === true ? { quiet } : {}) },
  };
}

/** Reports HOLODECK_OUTPUT names that cannot be written: said with the variable, which the command line does not show. */
function envOutputProblem(paths: readonly string[], raw: RawTestOptions, env: Env): string | null {
  if (paths.length === 0) return null;
  const given = `environment variable HOLODECK_OUTPUT=${JSON.stringify(env['HOLODECK_OUTPUT'])}`;
  if (raw.dryRun === true) return `--dry-run writes no report, but ${given} names some: unset it for a dry run`;
  const plan = planOutputs(paths, raw.format);
  return plan.ok ? null : `${given}: ${plan.message}`;
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
