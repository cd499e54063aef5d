/** The options of `holodeck test`, as parsed by commander, typed. */
import type { ModelOverride } from './parse-model-option.js';
import type { ShardSpec } from './shard.js';

export interface TestOptions {
  readonly output: readonly string[];
  readonly format: 'json' | 'markdown' | 'junit' | 'html' | undefined;
  readonly parallelTestCases: number | undefined;
  readonly timeout: number | undefined;
  readonly limit: number | undefined;
  /** `--filter`, repeatable: a case runs when any matches. */
  readonly filter: readonly string[];
  readonly grep: string | undefined;
  readonly exclude: readonly string[];
  readonly lastFailed: boolean;
  readonly model: ModelOverride | undefined;
  /** `--redact NAME`: environment variables whose values are masked in every output. */
  readonly redact: readonly string[];
  readonly backend: 'ai_sdk' | 'claude_agent_sdk' | undefined;
  readonly resultsDir: string | undefined;
  readonly verbosity: 'quiet' | 'normal' | 'verbose';
  /** `--resume`: true for the latest unfinished run, or the run asked for. */
  readonly resume: string | true | undefined;
  readonly shard: ShardSpec | undefined;
  /** Seconds running cases may take to finish after the first Ctrl-C before they are cancelled. */
  readonly gracePeriod: number;
  readonly maxTextLength: number | undefined;
  /** `--fail-on-tool-error`: a turn in which a tool call returned an error fails (else as execution says). */
  readonly failOnToolError: boolean | undefined;
  /** `--max-file-size`: the largest agent.yaml or test cases file read, in MB. */
  readonly maxFileSize: number | undefined;
}

export const DEFAULT_GRACE_PERIOD_S = 10;

export function toTestOptions(raw: Record<string, unknown>): TestOptions {
  return {
    output: (raw.output as string[] | undefined) ?? [],
    format: raw.format as TestOptions['format'],
    parallelTestCases: raw.parallelTestCases as number | undefined,
    timeout: raw.timeout as number | undefined,
    limit: raw.limit as number | undefined,
    filter: (raw.filter as string[] | undefined) ?? [],
    grep: raw.grep as string | undefined,
    exclude: (raw.exclude as string[] | undefined) ?? [],
    lastFailed: raw.lastFailed === true,
    model: raw.model as ModelOverride | undefined,
    redact: (raw.redact as string[] | undefined) ?? [],
    backend: raw.backend as TestOptions['backend'],
    resultsDir: raw.resultsDir as string | undefined,
    verbosity: raw.quiet ? 'quiet' : raw.verbose ? 'verbose' : 'normal',
    resume: raw.resume as string | true | undefined,
    shard: raw.shard as ShardSpec | undefined,
    gracePeriod: (raw.gracePeriod as number | undefined) ?? DEFAULT_GRACE_PERIOD_S,
    maxTextLength: raw.maxTextLength as number | undefined,
    failOnToolError: raw.failOnToolError === true ? true : undefined,
    maxFileSize: raw.maxFileSize as number | undefined,
  };
}
