/**
 * `execution:` with defaults; HOLODECK_<NAME> environment variables apply where the YAML sets nothing
 * (precedence: CLI > agent.yaml > env > default; the CLI layer applies its own overrides afterwards).
 */
import { resolve } from 'node:path';
import type { ExecutionConfig } from '../core/config-types.js';
import { buildRateLimit } from './build-model.js';
import { ISSUE } from './issue-codes.js';
import { type PendingIssue, pendingIssue } from './pending-issue.js';
import { type ExecutionInput, executionSchema } from './schema/agent-schema.js';
import type { Env } from './substitute-env.js';
import { parseWithSchema } from './zod-issues.js';

/**
 * Settings with a value of one piece, also read from HOLODECK_<NAME>; `rate_limit` is a mapping, set in YAML only.
 * The reports and the detail (`output`, `format`, `verbose`, `quiet`) are kept as agent.yaml sets them: the
 * command line resolves them with its own options and HOLODECK_OUTPUT, HOLODECK_VERBOSE and HOLODECK_QUIET.
 */
type ExecutionKey = Exclude<keyof ExecutionConfig, 'rate_limit' | ReportKey>;

type ReportKey = 'output' | 'format' | 'verbose' | 'quiet';

export const EXECUTION_DEFAULTS: ExecutionConfig = {
  llm_timeout: 60,
  parallel_test_cases: 1,
  max_retries: 3,
  max_steps: 10,
  limit: null,
  filter: null,
  results_dir: null,
  cache: false,
  redact: [],
  fail_on_tool_error: false,
  repeat: 1,
  min_pass_rate: 1,
  tool_name_match: 'substring',
  distinct_calls: false,
};

/** The variable of each setting; `--timeout` is also `HOLODECK_TIMEOUT`, after the CLI option's name. */
export const EXECUTION_ENV: Readonly<Record<ExecutionKey, readonly string[]>> = {
  llm_timeout: ['HOLODECK_LLM_TIMEOUT', 'HOLODECK_TIMEOUT'],
  parallel_test_cases: ['HOLODECK_PARALLEL_TEST_CASES'],
  max_retries: ['HOLODECK_MAX_RETRIES'],
  max_steps: ['HOLODECK_MAX_STEPS'],
  limit: ['HOLODECK_LIMIT'],
  filter: ['HOLODECK_FILTER'],
  results_dir: ['HOLODECK_RESULTS_DIR'],
  cache: ['HOLODECK_CACHE'],
  redact: ['HOLODECK_REDACT'],
  fail_on_tool_error: ['HOLODECK_FAIL_ON_TOOL_ERROR'],
  repeat: ['HOLODECK_REPEAT'],
  min_pass_rate: ['HOLODECK_MIN_PASS_RATE'],
  tool_name_match: ['HOLODECK_TOOL_NAME_MATCH'],
  distinct_calls: ['HOLODECK_DISTINCT_CALLS'],
};

export function buildExecution(
  execution: ExecutionInput | undefined,
  env: Env,
  baseDir: string,
): { readonly value: ExecutionConfig; readonly issues: readonly PendingIssue[] } {
  const issues: PendingIssue[] = [];
  const resolveSetting = <K extends ExecutionKey>(key: K): ExecutionConfig[K] => {
    const fromYaml = execution?.[key];
    if (fromYaml !== undefined) {
      return (key === 'results_dir' ? resolve(baseDir, String(fromYaml)) : fromYaml) as ExecutionConfig[K];
    }
    const given = EXECUTION_ENV[key].filter((name) => (env[name]?.trim() ?? '') !== '');
    const variable = given[0] ?? EXECUTION_ENV[key][0]!;
    const text = env[variable]?.trim();
    // Two names of one setting (HOLODECK_LLM_TIMEOUT, HOLODECK_TIMEOUT) given different values: neither wins unsaid.
    const other = given.find((name) => env[name]?.trim() !== text);
    if (text !== undefined && other !== undefined) {
      const both = `${variable}=${JSON.stringify(text)} and ${other}=${JSON.stringify(env[other]?.trim())}`;
      issues.push(
        pendingIssue(ISSUE.envInvalid, ['execution', key], `environment variables ${both} set one setting two ways`, {
          target: 'none',
          hint: `unset one of them, or set execution.${key} in the configuration`,
        }),
      );
      return EXECUTION_DEFAULTS[key];
    }
    if (text === undefined || text === '') return EXECUTION_DEFAULTS[key];
    if (key === 'results_dir') return resolve(text) as ExecutionConfig[K];
    if (key === 'redact') return splitNames(text) as unknown as ExecutionConfig[K];
    const parsed = parseWithSchema(executionSchema.shape[key], text, ['execution', key]);
    if (parsed.ok && parsed.value !== undefined) return parsed.value as ExecutionConfig[K];
    const reason = parsed.ok ? 'no value' : (parsed.issues[0]?.message ?? 'invalid');
    issues.push(
      pendingIssue(
        ISSUE.envInvalid,
        ['execution', key],
        `environment variable ${variable}=${JSON.stringify(text)} is invalid: ${reason}`,
        {
          target: 'none',
          hint: `fix or unset ${variable}, or set execution.${key} in the configuration`,
        },
      ),
    );
    return EXECUTION_DEFAULTS[key];
  };
  return {
    value: {
      llm_timeout: resolveSetting('llm_timeout'),
      parallel_test_cases: resolveSetting('parallel_test_cases'),
      max_retries: resolveSetting('max_retries'),
      max_steps: resolveSetting('max_steps'),
      limit: resolveSetting('limit'),
      filter: resolveSetting('filter'),
      results_dir: resolveSetting('results_dir'),
      cache: resolveSetting('cache'),
      // Masking more is never wrong: the names of agent.yaml and of HOLODECK_REDACT together, as --redact adds.
      redact: [...new Set([...(execution?.redact ?? []), ...splitNames(env['HOLODECK_REDACT'] ?? '')])],
      fail_on_tool_error: resolveSetting('fail_on_tool_error'),
      repeat: resolveSetting('repeat'),
      min_pass_rate: resolveSetting('min_pass_rate'),
      tool_name_match: resolveSetting('tool_name_match'),
      distinct_calls: resolveSetting('distinct_calls'),
      ...(execution?.rate_limit === undefined ? {} : { rate_limit: buildRateLimit(execution.rate_limit) }),
      ...reportSettings(execution, baseDir),
    },
    issues,
  };
}

/** The reports and the detail agent.yaml sets, its report paths made absolute from its folder. */
function reportSettings(execution: ExecutionInput | undefined, baseDir: string): Pick<ExecutionConfig, ReportKey> {
  if (execution === undefined) return {};
  const { output, format, verbose, quiet } = execution;
  const paths = output === undefined ? undefined : typeof output === 'string' ? [output] : output;
  return {
    // `-` is stdout, as on the command line; other paths are relative to the config's folder.
    ...(paths === undefined ? {} : { output: paths.map((path) => (path === '-' ? path : resolve(baseDir, path))) }),
    ...(format === undefined ? {} : { format }),
    ...(verbose === undefined ? {} : { verbose }),
    ...(quiet === undefined ? {} : { quiet }),
  };
}

/** `HOLODECK_REDACT=A,B C`: names separated by commas or white space. */
function splitNames(text: string): string[] {
  return text.split(/[\s,]+/).filter((name) => name !== '');
}
