/**
 * What `holodeck compare` says before the comparison, and the dashboard's compare view shows above it: what makes
 * a change between two runs something other than a change of the agent — runs of two agents, cases of one name
 * that asked otherwise or are judged by other checks, other metric settings, another judge, other repeat
 * settings, cases of run A that run B did not run. Computed once here, for both.
 */
import { askedDifferently } from './asked-differently.js';
import { canonicalJson } from './canonical-json.js';
import { changedChecks } from './changed-checks.js';
import { isRecord } from './is-record.js';
import type { TestResult } from './results.js';
import { type JudgedRunMetadata, storedJudge } from './stored-judge.js';

/** What the notices read of one run. */
export interface NoticeRun {
  readonly agent_name: string;
  /** False for a run that did not finish: its cases not run are said with the interruption, not here. */
  readonly finished: boolean;
  readonly results: readonly TestResult[];
  /** Which test cases the run selected, as people read it (`all test cases`, `--filter good`). */
  readonly selection: string;
  /** `--repeat` (1: once) and the pass rate a repeated case needs. */
  readonly repeat: number;
  readonly min_pass_rate: number;
  /** `provider:name` of its LLM judge (core/stored-judge.ts); null when the record does not say. */
  readonly judge: string | null;
  /** The agent's metrics (`evaluations.metrics`) as its configuration snapshot kept them; undefined without one. */
  readonly agent_metrics: unknown;
}

export type CompareNoticeKind = 'agents' | 'asked' | 'checks' | 'agent_metrics' | 'judge' | 'repeat' | 'selection';

export interface CompareNotice {
  readonly kind: CompareNoticeKind;
  /** One sentence, without a closing period. */
  readonly text: string;
}

/** What the notices read of a run's configuration snapshot: its judge, its agent metrics, its repeat settings. */
export function snapshotFacts(
  metadata: JudgedRunMetadata,
): Pick<NoticeRun, 'judge' | 'agent_metrics' | 'repeat' | 'min_pass_rate'> {
  const snapshot = metadata.config_snapshot;
  const evaluations = isRecord(snapshot) ? snapshot['evaluations'] : undefined;
  const execution = isRecord(snapshot) ? snapshot['execution'] : undefined;
  const number = (value: unknown, otherwise: number) => (typeof value === 'number' ? value : otherwise);
  return {
    judge: storedJudge(metadata),
    agent_metrics: isRecord(evaluations) ? evaluations['metrics'] : undefined,
    repeat: number(isRecord(execution) ? execution['repeat'] : undefined, 1),
    min_pass_rate: number(isRecord(execution) ? execution['min_pass_rate'] : undefined, 1),
  };
}

const cases = (n: number) => (n === 1 ? '1 test case' : `${n} test cases`);

/** Up to five names, quoted, then how many more. */
function named(names: readonly string[]): string {
  const quoted = names.map((name) => `"${name}"`);
  return quoted.length > 5 ? `${quoted.slice(0, 5).join(', ')} and ${quoted.length - 5} more` : quoted.join(', ');
}

export function compareNotices(a: NoticeRun, b: NoticeRun): CompareNotice[] {
  return [
    ...agentsNotice(a, b),
    ...askedNotice(a, b),
    ...checksNotice(a, b),
    ...agentMetricsNotice(a, b),
    ...judgeNotice(a, b),
    ...repeatNotice(a, b),
    ...selectionNotice(a, b),
  ];
}

function agentsNotice(a: NoticeRun, b: NoticeRun): CompareNotice[] {
  if (a.agent_name === b.agent_name) return [];
  const text = `run A is of agent "${a.agent_name}", run B of agent "${b.agent_name}": test cases are compared by name`;
  return [{ kind: 'agents', text }];
}

function askedNotice(a: NoticeRun, b: NoticeRun): CompareNotice[] {
  const changed = askedDifferently(a.results, b.results);
  if (changed.length === 0) return [];
  const text = `${cases(changed.length)} of the same name asked other questions or expected other answers in run B: ${named(changed)} — their verdicts compare different tests`;
  return [{ kind: 'asked', text }];
}

/** The names of B's cases whose metrics or thresholds differ from those of A's case of the same name. */
export function checkedDifferently(a: readonly TestResult[], b: readonly TestResult[]): string[] {
  const before = new Map(a.map((result) => [result.test_name, result]));
  return b
    .filter((result) => {
      const then = before.get(result.test_name);
      return then !== undefined && changedChecks(then, result).length > 0;
    })
    .map((result) => result.test_name);
}

function checksNotice(a: NoticeRun, b: NoticeRun): CompareNotice[] {
  const changed = checkedDifferently(a.results, b.results);
  if (changed.length === 0) return [];
  const text = `${cases(changed.length)} of the same name ${changed.length === 1 ? 'is' : 'are'} judged by other metrics or thresholds in run B: ${named(changed)} — a verdict that changed may come from the checks, not the agent`;
  return [{ kind: 'checks', text }];
}

/** Settings no result keeps (a criterion, a grader, a flag) differ in the agent's metrics of the two snapshots. */
function agentMetricsNotice(a: NoticeRun, b: NoticeRun): CompareNotice[] {
  if (a.agent_metrics === undefined || b.agent_metrics === undefined) return [];
  if (canonicalJson(a.agent_metrics) === canonicalJson(b.agent_metrics)) return [];
  const text =
    "the agent's metrics (evaluations.metrics) are set otherwise in run B (a metric added or dropped, another threshold or other settings): the verdicts of the cases they judge follow other checks";
  return [{ kind: 'agent_metrics', text }];
}

/** The names of the LLM-judged metrics (geval, rag) the run's results hold. */
function judgedMetrics(results: readonly TestResult[]): Set<string> {
  const names = new Set<string>();
  for (const result of results) {
    for (const turn of result.turns ?? [result]) {
      for (const metric of turn.metric_results) {
        if (metric.kind === 'geval' || metric.kind === 'rag') names.add(metric.metric_name);
      }
    }
  }
  return names;
}

/** Another judge scores the same answers otherwise: said when a judged metric is in both runs. */
function judgeNotice(a: NoticeRun, b: NoticeRun): CompareNotice[] {
  if (a.judge === null || b.judge === null || a.judge === b.judge) return [];
  const inB = judgedMetrics(b.results);
  const compared = [...judgedMetrics(a.results)].filter((name) => inB.has(name)).sort((x, y) => x.localeCompare(y));
  if (compared.length === 0) return [];
  const metrics =
    compared.length > 5 ? `${compared.slice(0, 5).join(', ')} and ${compared.length - 5} more` : compared.join(', ');
  const text = `run A was judged by ${a.judge}, run B by ${b.judge} (evaluations.model, else the run's model): the scores of ${metrics} may have changed with the judge`;
  return [{ kind: 'judge', text }];
}

/**
 * Runs repeated otherwise (`--repeat`, `--min-pass-rate`) judge their cases by other rules and pay for other
 * numbers of runs: a case "fixed" by a lower pass rate, or tokens five times higher, say nothing of the agent.
 */
function repeatNotice(a: NoticeRun, b: NoticeRun): CompareNotice[] {
  const rule = (run: NoticeRun) => (run.repeat === 1 ? 'once' : `${run.repeat} times, passing at ${run.min_pass_rate}`);
  if (rule(a) === rule(b)) return [];
  const text = `run A ran each test case ${rule(a)}, run B ${rule(b)}: verdicts, tokens and cost follow different repeat settings`;
  return [{ kind: 'repeat', text }];
}

/**
 * Cases of run A that run B did not run (a finished B that selected fewer, or a changed suite): listed as removed,
 * they are not compared, and B's pass rate is of its own cases — said, so a smaller run does not read as better.
 */
function selectionNotice(a: NoticeRun, b: NoticeRun): CompareNotice[] {
  if (!b.finished) return []; // said with the interruption, with how many did not run
  const inB = new Set(b.results.map((result) => result.test_name));
  const missing = a.results.filter((result) => !inB.has(result.test_name)).length;
  if (missing === 0) return [];
  const why =
    a.selection === b.selection ? 'its suite has other test cases' : `it ran ${b.selection}, run A ${a.selection}`;
  const text = `${cases(missing)} of run A did not run in run B (${why}): they are listed as removed, not compared, and run B's rates are of the cases it ran`;
  return [{ kind: 'selection', text }];
}
