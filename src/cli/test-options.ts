/** The options of `holodeck test`, as parsed by commander, typed. */
import type { ModelOverride } from './parse-model-option.js';
import type { ShardSpec } from './shard.js';
import type { RawTestOptions } from './test-command-definition.js';

export interface TestOptions {
  readonly output: readonly string[];
  readonly format: 'json' | 'markdown' | 'junit' | 'html' | undefined;
  readonly parallelTestCases: number | undefined;
  /** `--workers N`: conversations run on N worker threads (else HOLODECK_WORKERS, else 1: in the main thread). */
  readonly workers?: number | undefined;
  readonly timeout: number | undefined;
  readonly limit: number | undefined;
  /** `--filter`, repeatable: a case runs when any matches. */
  readonly filter: readonly string[];
  readonly grep: string | undefined;
  readonly exclude: readonly string[];
  readonly lastFailed: boolean;
  /** `--model` given once: the model of the run (several: `models`, a model matrix, and this is undefined). */
  readonly model: ModelOverride | undefined;
  /** Every `--model`, in order; two or more make a model matrix (the suite runs once per model). */
  readonly models: readonly ModelOverride[];
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
  /** `--max-cost USD`: no new test case starts once the finished ones cost this much. */
  readonly maxCost?: number | undefined;
  /** `--dry-run`: load, connect the tools, print the plan; no model is called. */
  readonly dryRun?: boolean;
  /** `--repeat N`: runs of each test case (else execution.repeat). */
  readonly repeat?: number | undefined;
  /** `--min-pass-rate R`: with repeats, the share of passing repeats a case needs (else execution.min_pass_rate). */
  readonly minPassRate?: number | undefined;
  /** `--record FILE`: the cassette to write. */
  readonly record: string | undefined;
  /** `--replay FILE`: the cassette every model request is answered from. */
  readonly replay: string | undefined;
  /** `--cache` on the command line (execution.cache is in the config). */
  readonly cache: boolean;
  readonly cacheDir: string | undefined;
}

export const DEFAULT_GRACE_PERIOD_S = 10;

/** The parsed options with the shard resolved (`--shard auto` read from the CI environment). */
export type ResolvedRawTestOptions = Omit<RawTestOptions, 'shard'> & { readonly shard?: ShardSpec | undefined };

export function toTestOptions(raw: ResolvedRawTestOptions): TestOptions {
  return {
    output: raw.output,
    format: raw.format,
    parallelTestCases: raw.parallelTestCases,
    workers: raw.workers,
    timeout: raw.timeout,
    limit: raw.limit,
    filter: raw.filter,
    grep: raw.grep,
    exclude: raw.exclude,
    lastFailed: raw.lastFailed === true,
    model: raw.model.length === 1 ? raw.model[0] : undefined,
    models: raw.model,
    redact: raw.redact,
    backend: raw.backend,
    resultsDir: raw.resultsDir,
    verbosity: raw.quiet ? 'quiet' : raw.verbose ? 'verbose' : 'normal',
    resume: raw.resume,
    shard: raw.shard,
    gracePeriod: raw.gracePeriod ?? DEFAULT_GRACE_PERIOD_S,
    maxTextLength: raw.maxTextLength,
    failOnToolError: raw.failOnToolError === true ? true : undefined,
    maxFileSize: raw.maxFileSize,
    maxCost: raw.maxCost,
    dryRun: raw.dryRun === true,
    repeat: raw.repeat,
    minPassRate: raw.minPassRate,
    record: raw.record,
    replay: raw.replay,
    cache: raw.cache === true,
    cacheDir: raw.cacheDir,
  };
}
