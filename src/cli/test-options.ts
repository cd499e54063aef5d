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
    model: modelsOf(raw.model).length === 1 ? modelsOf(raw.model)[0] : undefined,
    models: modelsOf(raw.model),
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
    maxCost: raw.maxCost as number | undefined,
    dryRun: raw.dryRun === true,
    repeat: raw.repeat as number | undefined,
    minPassRate: raw.minPassRate as number | undefined,
    record: raw.record as string | undefined,
    replay: raw.replay as string | undefined,
    cache: raw.cache === true,
    cacheDir: raw.cacheDir as string | undefined,
  };
}

/** `--model` is repeatable (an array); a single value is accepted as well. */
function modelsOf(raw: unknown): readonly ModelOverride[] {
  if (raw === undefined || raw === null) return [];
  return Array.isArray(raw) ? (raw as ModelOverride[]) : [raw as ModelOverride];
}
