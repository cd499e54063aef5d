/**
 * The command line wins over agent.yaml, which wins over the environment: a `HOLODECK_*` variable of a setting
 * the command line gives is not read at all, so a bad value there (`HOLODECK_REPEAT=abc` under `--repeat 2`)
 * stops nothing. These are the variables to leave out of the environment the configuration loads with.
 */
import { BACKEND_ENV } from '../config/build-backend.js';
import { EXECUTION_ENV } from '../config/build-execution.js';
import type { Overrides } from './apply-overrides.js';

/** The settings a command line may give, as the options of `holodeck test` (and the overrides) name them. */
export interface GivenSettings
  extends Pick<Overrides, 'timeout' | 'parallelTestCases' | 'repeat' | 'minPassRate' | 'failOnToolError'> {
  readonly limit?: number | undefined;
  readonly filter?: readonly string[] | undefined;
  readonly resultsDir?: string | undefined;
  readonly cache?: boolean | undefined;
  readonly backend?: string | undefined;
}

export function overriddenEnvNames(given: GivenSettings): string[] {
  const keys: (keyof typeof EXECUTION_ENV)[] = [];
  if (given.timeout !== undefined) keys.push('llm_timeout');
  if (given.parallelTestCases !== undefined) keys.push('parallel_test_cases');
  if (given.repeat !== undefined) keys.push('repeat');
  if (given.minPassRate !== undefined) keys.push('min_pass_rate');
  if (given.limit !== undefined) keys.push('limit');
  if (given.filter !== undefined && given.filter.length > 0) keys.push('filter');
  if (given.resultsDir !== undefined) keys.push('results_dir');
  if (given.failOnToolError === true) keys.push('fail_on_tool_error');
  if (given.cache === true) keys.push('cache');
  return [...keys.flatMap((key) => EXECUTION_ENV[key]), ...(given.backend === undefined ? [] : [BACKEND_ENV])];
}

/** `env` without the given variables (the same object when there are none). */
export function envWithout(env: NodeJS.ProcessEnv, names: readonly string[]): NodeJS.ProcessEnv {
  if (names.length === 0 || !names.some((name) => env[name] !== undefined)) return env;
  const copy = { ...env };
  for (const name of names) delete copy[name];
  return copy;
}
