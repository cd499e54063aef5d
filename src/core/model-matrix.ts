/**
 * A model matrix: the same suite run once per model in one invocation. Per test case, each model's status;
 * per model, the totals the side-by-side table ends with (pass rate, mean latency, tokens, cost).
 */
import type { CostFields, ReportSummary, RunInterruption } from './results.js';
import type { Status } from './status.js';

/** What the matrix keeps of one finished test case of one model. */
export interface MatrixCaseResult {
  /** Position of the case in the suite. */
  readonly index: number;
  readonly test_name: string;
  readonly status: Status;
  readonly execution_time_ms: number;
  /** `--repeat`: how many of its repeats passed, of how many (its status is judged by the pass rate). */
  readonly repeats?: { readonly passed: number; readonly runs: number } | undefined;
}

/** One model's run, as the matrix reads it. */
export interface MatrixRun {
  /** `provider:name`. */
  readonly model: string;
  readonly summary: ReportSummary;
  readonly cases: readonly MatrixCaseResult[];
  /** Set when that model's run stopped before every selected test case finished. */
  readonly interrupted?: RunInterruption | undefined;
}

export interface MatrixRow {
  readonly test_name: string;
  /** One per model, in the matrix's model order; null when that model did not finish the case. */
  readonly statuses: readonly (Status | null)[];
  /** `--repeat`: per model, `passed/runs` of the case's repeats; null without repeats or when not finished. */
  readonly repeats: readonly (string | null)[];
  /** The models do not all agree on this case. */
  readonly differs: boolean;
}

export interface MatrixTotals {
  readonly model: string;
  readonly passed: number;
  readonly total: number;
  readonly pass_rate: number;
  /** Mean wall time of the finished test cases; null when none finished. */
  readonly mean_latency_ms: number | null;
  readonly total_tokens: number;
  /** `cost_usd` null: some call used tokens on a model without a price (unknown, never 0); absent before cost was counted. */
  readonly cost: CostFields;
  /** The model's run stopped before every selected test case finished; null when it finished. */
  readonly interrupted: RunInterruption | null;
}

export interface ModelMatrix {
  readonly comparison_id: string;
  readonly models: readonly string[];
  readonly rows: readonly MatrixRow[];
  readonly totals: readonly MatrixTotals[];
}

export function buildModelMatrix(comparisonId: string, runs: readonly MatrixRun[]): ModelMatrix {
  const names = new Map<number, string>();
  const statuses = new Map<number, (Status | null)[]>();
  const repeats = new Map<number, (string | null)[]>();
  runs.forEach((run, model) => {
    for (const result of run.cases) {
      names.set(result.index, result.test_name);
      let row = statuses.get(result.index);
      if (row === undefined) {
        row = runs.map(() => null);
        statuses.set(result.index, row);
      }
      row[model] = result.status;
      if (result.repeats !== undefined) {
        const counts = repeats.get(result.index) ?? runs.map(() => null);
        counts[model] = `${result.repeats.passed}/${result.repeats.runs}`;
        repeats.set(result.index, counts);
      }
    }
  });
  const rows = [...names.keys()]
    .sort((a, b) => a - b)
    .map((index) => {
      const row = statuses.get(index) ?? [];
      const counts = repeats.get(index) ?? runs.map(() => null);
      return { test_name: names.get(index) ?? '', statuses: row, repeats: counts, differs: new Set(row).size > 1 };
    });
  return { comparison_id: comparisonId, models: runs.map((run) => run.model), rows, totals: runs.map(totalsOf) };
}

function totalsOf(run: MatrixRun): MatrixTotals {
  const times = run.cases.map((result) => result.execution_time_ms);
  return {
    model: run.model,
    passed: run.summary.passed,
    total: run.summary.total_tests,
    pass_rate: run.summary.pass_rate,
    mean_latency_ms: times.length === 0 ? null : times.reduce((sum, ms) => sum + ms, 0) / times.length,
    total_tokens: run.summary.token_usage.total_tokens,
    interrupted: run.interrupted ?? null,
    cost: {
      ...(run.summary.cost_usd === undefined ? {} : { cost_usd: run.summary.cost_usd }),
      ...(run.summary.cost === undefined ? {} : { cost: run.summary.cost }),
    },
  };
}
