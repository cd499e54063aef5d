/**
 * How large a file the loader reads: a configuration file (agent.yaml) up to 10 MB, a test cases file up to
 * 100 MB, unless `--max-file-size MB` (or HOLODECK_MAX_FILE_SIZE) sets one limit for both. A file above its
 * limit is refused before it is read, naming its size and the option; a YAML document read whole (agent.yaml,
 * or a test cases file that cannot be read case by case) costs tens of times its size in memory, so the
 * configuration limit bounds those too.
 */
import { ISSUE } from './issue-codes.js';
import { type ConfigPath, type PendingIssue, pendingIssue } from './pending-issue.js';
import type { Env } from './substitute-env.js';

export const MAX_FILE_SIZE_ENV = 'HOLODECK_MAX_FILE_SIZE';
export const DEFAULT_CONFIG_FILE_MB = 10;
export const DEFAULT_TEST_CASES_FILE_MB = 100;

const MB = 1024 * 1024;

export interface FileSizeLimits {
  /** agent.yaml, and any YAML document read whole. */
  readonly config_bytes: number;
  readonly test_cases_bytes: number;
}

export type FileKind = 'configuration' | 'test cases';

/** The limits from the command line's `--max-file-size` (MB), else HOLODECK_MAX_FILE_SIZE, else the defaults. */
export function resolveFileSizeLimits(
  cliMb: number | undefined,
  env: Env,
): { readonly limits: FileSizeLimits; readonly issues: readonly PendingIssue[] } {
  const fromEnv = env[MAX_FILE_SIZE_ENV]?.trim() ?? '';
  const defaults = { config_bytes: DEFAULT_CONFIG_FILE_MB * MB, test_cases_bytes: DEFAULT_TEST_CASES_FILE_MB * MB };
  if (cliMb !== undefined) return { limits: both(cliMb), issues: [] };
  if (fromEnv === '') return { limits: defaults, issues: [] };
  const mb = Number(fromEnv);
  if (Number.isFinite(mb) && mb > 0) return { limits: both(mb), issues: [] };
  const message = `environment variable ${MAX_FILE_SIZE_ENV}=${JSON.stringify(fromEnv)} is invalid: expected a number of megabytes > 0`;
  return {
    limits: defaults,
    issues: [
      pendingIssue(ISSUE.envInvalid, [], message, { target: 'none', hint: `fix or unset ${MAX_FILE_SIZE_ENV}` }),
    ],
  };
}

function both(mb: number): FileSizeLimits {
  const bytes = Math.floor(mb * MB);
  return { config_bytes: bytes, test_cases_bytes: bytes };
}

/** The issue of a file above its limit: which file, how large, the limit, and the option that raises it. */
export function fileTooLargeIssue(
  file: string,
  size: number,
  limit: number,
  kind: FileKind,
  path: ConfigPath,
): PendingIssue {
  const needed = Math.ceil(size / MB);
  return pendingIssue(
    ISSUE.fileTooLarge,
    path,
    `${file} is ${megabytes(size)}, above the ${megabytes(limit)} limit for a ${kind} file`,
    { hint: `raise the limit with --max-file-size ${needed} (or ${MAX_FILE_SIZE_ENV}=${needed})` },
  );
}

/** `12.3 MB`, `4.5 KB` or `300 bytes` (KB and MB of 1024 and 1024 × 1024 bytes); whole numbers without decimals. */
export function megabytes(bytes: number): string {
  const [value, unit] = bytes >= MB ? [bytes / MB, 'MB'] : bytes >= 1024 ? [bytes / 1024, 'KB'] : [bytes, 'bytes'];
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
}

/** Why a file the configuration names (a turn's file, instructions, a schema) is not read: it is too large. */
export function tooLargeText(size: number, limit: number): string {
  const needed = Math.ceil(size / MB);
  return (
    `it is ${megabytes(size)}, above the ${megabytes(limit)} limit for a file the configuration names ` +
    `(raise it with --max-file-size ${needed}, or ${MAX_FILE_SIZE_ENV}=${needed})`
  );
}
