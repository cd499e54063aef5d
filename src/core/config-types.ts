/**
 * The validated, normalised configuration (agent.yaml after loading).
 * Field names mirror the YAML keys (snake_case) so there is no mapping layer.
 */
import type { GraderFunction } from './grader.js';
import type { JsonValue } from './json.js';
import type { ModelPrice } from './model-price.js';
import type { ModuleAgentFactory } from './module-agent.js';
import type { RateLimit } from './rate-limit.js';
import type { ReportFileFormat } from './report-file-format.js';

export type ProviderName = 'openai' | 'azure_openai' | 'anthropic' | 'ollama' | 'openai_compatible';

export interface ModelConfig {
  readonly provider: ProviderName;
  readonly name: string;
  readonly endpoint: string | null;
  readonly api_key: string | null;
  readonly temperature: number | null;
  readonly max_tokens: number | null;
  /** azure_openai only: the API version query parameter. */
  readonly api_version: string | null;
  /** `pricing:` as configured; absent or null: the built-in price table (core/builtin-prices.ts). */
  readonly pricing?: ModelPrice | null;
  /** `rate_limit:` of this model; absent or null: `execution.rate_limit`, else none. */
  readonly rate_limit?: RateLimit | null;
}

export type BackendConfig =
  | { readonly type: 'ai_sdk' }
  | {
      readonly type: 'claude_agent_sdk';
      /** Claude Code's own tools (e.g. Read, Grep, Bash, WebFetch) to enable; none by default. */
      readonly builtin_tools: readonly string[];
    }
  | { readonly type: 'module'; readonly module: string; readonly factory: ModuleAgentFactory };

export type BackendName = BackendConfig['type'];

export interface FunctionToolConfig {
  readonly type: 'function';
  readonly name: string;
  readonly description: string | null;
  /** Absolute path of the module. */
  readonly file: string;
  readonly function: string;
  /** JSON Schema of the arguments object; required when the export is a plain function. */
  readonly parameters: Readonly<Record<string, unknown>> | null;
  /** Resolved when the configuration loads: the export, with description and schema filled in. */
  readonly definition: ResolvedFunctionTool;
}

export interface ResolvedFunctionTool {
  readonly description: string;
  readonly parameters: Readonly<Record<string, unknown>>;
  /**
   * The export as this thread imported it. Calls never use it: they run in the module's tool thread. Absent
   * when the definition was read by another thread (a case worker is given the main thread's).
   */
  readonly execute?: (args: Record<string, unknown>) => unknown;
}

/** A function tool's definition as another thread that loaded the same configuration read it: plain data. */
export interface GivenFunctionTool {
  /** Absolute path of the module. */
  readonly file: string;
  readonly function: string;
  readonly description: string;
  readonly parameters: Readonly<Record<string, unknown>>;
}

export interface McpToolConfig {
  readonly type: 'mcp';
  readonly name: string;
  /** stdio transport */
  readonly command: string | null;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string | null;
  /** streamable HTTP transport */
  readonly url: string | null;
  readonly headers: Readonly<Record<string, string>>;
  /** Offer only these tools of the server (by the server's names); null = all. */
  readonly include: readonly string[] | null;
  /** Leave these tools of the server out (by the server's names). */
  readonly exclude: readonly string[];
  /** Put before each tool name the agent sees, e.g. `fs_` (calls still use the server's names). */
  readonly prefix: string;
}

export type ToolConfig = FunctionToolConfig | McpToolConfig;

export type StandardMetricName =
  | 'bleu'
  | 'rouge'
  | 'meteor'
  | 'equality'
  | 'numeric'
  | 'contains'
  | 'not_contains'
  | 'regex'
  | 'is_json'
  | 'json_schema';
export type RagMetricType =
  | 'faithfulness'
  | 'answer_relevancy'
  | 'contextual_relevancy'
  | 'contextual_precision'
  | 'contextual_recall';

interface MetricBase {
  /** Name used in reports and roll-ups (unique within one evaluations list). */
  readonly name: string;
  readonly enabled: boolean;
  /** null = the metric's own pass rule (equality, numeric) or its default. */
  readonly threshold: number | null;
}

export interface EqualityOptions {
  readonly case_insensitive: boolean;
  readonly strip_whitespace: boolean;
  readonly strip_punctuation: boolean;
}

/** How an agent writes numbers: `en` 1,234.5 or `de` 1.234,5. */
export type NumberLocale = 'en' | 'de';

export interface NumericOptions {
  readonly absolute_tolerance: number;
  readonly relative_tolerance: number;
  readonly accept_percent: boolean;
  readonly accept_thousands_separators: boolean;
  /** How the agent writes numbers: `en` (1,234.5; absent = en) or `de` (1.234,5). */
  readonly locale?: NumberLocale;
}

export interface ContainsOptions {
  /** contains: every value must appear; not_contains: none may appear. */
  readonly values: readonly string[];
  readonly case_sensitive: boolean;
}

export interface RegexOptions {
  /** As written in the config. */
  readonly pattern: string;
  readonly case_sensitive: boolean;
  /** Compiled when the configuration loads. */
  readonly regex: CompiledRegex;
}

export interface JsonSchemaOptions {
  /** The schema, inline or read from `schema_file`. */
  readonly schema: Readonly<Record<string, JsonValue>>;
  /** Absolute path when the schema came from a file. */
  readonly schema_file: string | null;
  /** Compiled when the configuration loads. */
  readonly validate: JsonSchemaValidator;
}

/** The violations of a JSON value against a compiled JSON Schema, in the validator's order; empty = valid. */
export type JsonSchemaValidator = (value: JsonValue) => readonly JsonSchemaViolation[];

export interface JsonSchemaViolation {
  /** JSON Pointer into the answer, e.g. `/items/0/price`; empty for the root. */
  readonly instance_path: string;
  readonly message: string;
}

export type StandardMetricConfig = MetricBase & {
  readonly type: 'standard';
} & (
    | { readonly metric: 'bleu' | 'rouge' | 'meteor' }
    | { readonly metric: 'is_json' }
    | ({ readonly metric: 'equality' } & EqualityOptions)
    | ({ readonly metric: 'numeric' } & NumericOptions)
    | ({ readonly metric: 'contains' | 'not_contains' } & ContainsOptions)
    | ({ readonly metric: 'regex' } & RegexOptions)
    | ({ readonly metric: 'json_schema' } & JsonSchemaOptions)
  );

export interface GEvalMetricConfig extends MetricBase {
  readonly type: 'geval';
  readonly criteria: string;
  readonly evaluation_steps: readonly string[];
  /** How long one judge call may take, its retries included; null = `execution.llm_timeout`. */
  readonly timeout_ms: number | null;
}

export interface RagMetricConfig extends MetricBase {
  readonly type: 'rag';
  readonly metric_type: RagMetricType;
  /** How long one judge call may take, its retries included; null = `execution.llm_timeout`. */
  readonly timeout_ms: number | null;
}

export interface CodeMetricConfig extends MetricBase {
  readonly type: 'code';
  /** As written: "path/or/package:exportName". */
  readonly grader: string;
  readonly timeout_ms: number;
  /** Resolved when the configuration loads. */
  readonly grader_fn: GraderFunction;
}

export type MetricConfig = StandardMetricConfig | GEvalMetricConfig | RagMetricConfig | CodeMetricConfig;
export type MetricType = MetricConfig['type'];
/** The key of the evaluator registry: one entry per metric implementation. */
export type EvaluatorKey = StandardMetricName | 'geval' | 'rag' | 'code';

/** How one expected argument is compared with the actual one. */
export type ArgMatcher =
  | { readonly kind: 'literal'; readonly value: JsonValue }
  | { readonly kind: 'fuzzy'; readonly value: string }
  | { readonly kind: 'regex'; readonly pattern: string; readonly regex: CompiledRegex };

/** A compiled linear-time regular expression (RE2 syntax); plain data apart from its two functions. */
export interface CompiledRegex {
  /** The pattern as written. */
  readonly source: string;
  /** `i` when compiled case-insensitive by an option (inline flags stay in `source`). */
  readonly flags: string;
  /** Whether the pattern matches the whole text. */
  readonly fullMatch: (text: string) => boolean;
  /** Whether the pattern matches somewhere in the text. */
  readonly search: (text: string) => boolean;
}

/** `substring`: the called tool's name contains the expected one (default); `exact`: the names are equal. */
export type ToolNameMatch = 'substring' | 'exact';

export interface ExpectedTool {
  readonly name: string;
  /** The entry's `name_match`, else `execution.tool_name_match`. */
  readonly name_match: ToolNameMatch;
  /** null when only the name is asserted. */
  readonly args: Readonly<Record<string, ArgMatcher>> | null;
  /** At least this many satisfying calls in the turn (default 1); 0 = no call of the turn may satisfy it. */
  readonly count: number;
}

/** `strict`: the satisfying calls of the expected tools (count >= 1) occur in the order they are listed. */
export type ExpectedToolsOrder = 'any' | 'strict';

export type FileType = 'text' | 'markdown' | 'csv' | 'json' | 'pdf' | 'image';

export interface FileConfig {
  /** Absolute path. */
  readonly path: string;
  readonly type: FileType;
  readonly description: string | null;
}

export interface TurnConfig {
  readonly index: number;
  readonly input: string;
  readonly ground_truth: string | null;
  /** `expected_tools` entries, then `forbidden_tools` entries as count 0. */
  readonly expected_tools: readonly ExpectedTool[] | null;
  readonly expected_tools_order: ExpectedToolsOrder;
  /** One call satisfies at most one `expected_tools` entry (the turn's `distinct_calls`, else execution's). */
  readonly distinct_calls?: boolean;
  readonly files: readonly FileConfig[];
  readonly retrieval_context: readonly string[] | null;
  /** Turn-level override (null or empty = inherit). */
  readonly evaluations: readonly MetricConfig[] | null;
  readonly turn_config: Readonly<Record<string, unknown>>;
}

export interface TestCaseConfig {
  readonly name: string;
  /** Position in the suite (0-based). */
  readonly index: number;
  /** single = legacy flat shape (reported without `turns`); multi = `turns:` */
  readonly kind: 'single' | 'multi';
  readonly evaluations: readonly MetricConfig[] | null;
  /** Always at least one; a single-turn case has exactly one. */
  readonly turns: readonly TurnConfig[];
}

export interface ExecutionConfig {
  readonly llm_timeout: number;
  readonly parallel_test_cases: number;
  readonly max_retries: number;
  /**
   * Model calls one turn may make (each with the tool calls it asks for) before it must have answered; a turn
   * still calling tools at the limit fails, naming it.
   */
  readonly max_steps: number;
  /** Run only the first N (selected) test cases; null = all. */
  readonly limit: number | null;
  /** Run only test cases whose name matches; null = all. */
  readonly filter: string | null;
  /** Absolute folder for run records; null = results/ beside the config. */
  readonly results_dir: string | null;
  /**
   * Answer unchanged model requests from the on-disk cache (`--cache`); temperature > 0 only with `--cache`.
   * Always set by the loader; absent (configurations built in code) means false.
   */
  readonly cache?: boolean | undefined;
  /** Environment variables whose values are masked in every output (beside those found by name). */
  readonly redact: readonly string[];
  /** A turn in which a tool call returned an error fails, naming the tool and the error. */
  readonly fail_on_tool_error: boolean;
  /** Runs of each test case, each in a fresh session (`--repeat`); 1 = no repeats. */
  readonly repeat: number;
  /** With repeats: the share of passing repeats a test case needs to pass (`--min-pass-rate`), in (0, 1]. */
  readonly min_pass_rate: number;
  /** How expected tool names match called ones, unless an entry sets its own `name_match`. */
  readonly tool_name_match: ToolNameMatch;
  /** One tool call satisfies at most one `expected_tools` entry of a turn, unless a turn sets its own. */
  readonly distinct_calls: boolean;
  /** Default `rate_limit:` of every model (agent and judge) that sets none; absent or null: none. */
  readonly rate_limit?: RateLimit | null;
  /**
   * `output:` of agent.yaml: absolute paths of the reports to write, each of a format its extension or `format`
   * names; a command line `--output` replaces them. Absent when agent.yaml sets none (HOLODECK_OUTPUT may then).
   */
  readonly output?: readonly string[];
  /** `format:` of agent.yaml: the format of its `output` files whose extension names none. */
  readonly format?: ReportFileFormat;
  /** `verbose:` / `quiet:` of agent.yaml (never both true); `-v` / `-q` win. Absent: not set there. */
  readonly verbose?: boolean;
  readonly quiet?: boolean;
}

export interface EvaluationsConfig {
  /** The judge model for geval/rag metrics (defaults to the agent's model). */
  readonly model: ModelConfig | null;
  readonly metrics: readonly MetricConfig[];
}

/** Config paths of model blocks (`model`, `models[1]`, `evaluations.model`), for messages naming what to fix. */
export interface ModelPaths {
  readonly agent: string;
  readonly judge: string;
}

export interface AgentConfig {
  readonly name: string;
  readonly description: string | null;
  /** The agent model; null only with a module backend that was given none. With `models:`, the first of them. */
  readonly model: ModelConfig | null;
  /** `models:` in agent.yaml: a model matrix (the suite runs once per model); absent with `model:`. */
  readonly models?: readonly ModelConfig[];
  /**
   * Where the agent's and the judge's models are written in agent.yaml once `--model` or a model matrix picked the
   * agent's (`models[1]`, the judge `models[0]`); absent: as `model`, `models` and `evaluations.model` show.
   */
  readonly model_paths?: ModelPaths;
  readonly backend: BackendConfig;
  readonly instructions: string;
  readonly tools: readonly ToolConfig[];
  readonly evaluations: EvaluationsConfig;
  readonly execution: ExecutionConfig;
  readonly test_cases: readonly TestCaseConfig[];
  /** The `${VAR}` references of agent.yaml that were filled from the environment, and where. */
  readonly env_references?: readonly { readonly path: readonly (string | number)[]; readonly name: string }[];
  /** Absolute path of the loaded file, and its folder (relative paths resolve against it). */
  readonly config_path: string;
  readonly base_dir: string;
  /**
   * Absolute paths of the files the configuration was read from: agent.yaml, its test cases file, its
   * instructions file and its function tools' modules (no report may be written over one of them).
   */
  readonly source_files?: readonly string[];
}
