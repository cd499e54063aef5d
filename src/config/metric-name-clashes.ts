/**
 * A test case reports one roll-up per metric name over its turns, so a name must mean one kind of metric
 * throughout the case: `numeric` as a standard numeric metric on one turn and as a code grader on another would
 * be folded into one entry of one kind. Each turn's metrics are its most specific non-empty list (turn > test
 * case > agent); a name given to metrics of different kinds within one case is refused where the case writes it.
 */
import { posix } from 'node:path';
import { parseExportSpec } from '../loader/parse-export-spec.js';
import { ISSUE } from './issue-codes.js';
import { type ConfigPath, type PendingIssue, pendingIssue } from './pending-issue.js';
import { type MetricInput, metricNameOf } from './schema/metric-schema.js';
import type { TestCaseInput } from './schema/test-case-schema.js';
import type { Indexed } from './validate-document.js';

interface MetricUse {
  readonly metric: MetricInput;
  readonly path: ConfigPath;
  /** How a message names where it applies: `turn 2`, `the test case`. */
  readonly where: string;
  /** Whether the metric is written in the agent-level list, which other cases share. */
  readonly agentLevel: boolean;
}

const AGENT_PATH: ConfigPath = ['evaluations', 'metrics'];

/** One issue per metric of a test case whose name an earlier metric of another kind already has there. */
export function metricNameClashes(
  agentMetrics: readonly MetricInput[] | undefined,
  testCases: readonly Indexed<TestCaseInput>[],
): PendingIssue[] {
  return testCases.flatMap(({ index, value }) => clashesInCase(agentMetrics, value, ['test_cases', index]));
}

function clashesInCase(
  agentMetrics: readonly MetricInput[] | undefined,
  testCase: TestCaseInput,
  casePath: ConfigPath,
): PendingIssue[] {
  const first = new Map<string, MetricUse>();
  const issues = new Map<string, PendingIssue>();
  for (const use of metricUses(agentMetrics, testCase, casePath)) {
    const name = metricNameOf(use.metric) ?? use.metric.type;
    const earlier = first.get(name);
    if (earlier === undefined) {
      first.set(name, use);
      continue;
    }
    if (kindOf(earlier.metric) === kindOf(use.metric)) continue;
    // Located in the test case: the agent-level list is not wrong on its own.
    const at = use.agentLevel ? earlier : use;
    const path = typeof at.metric.name === 'string' ? [...at.path, 'name'] : at.path;
    const key = JSON.stringify(path);
    if (issues.has(key)) continue;
    const message = `metric name "${name}" is ${kindOf(earlier.metric)} in ${earlier.where} and ${kindOf(use.metric)} in ${use.where}: give one of them another name`;
    const hint =
      'a test case reports one result per metric name over its turns, so metrics of different kinds cannot share one';
    issues.set(key, pendingIssue(ISSUE.duplicateName, path, message, { hint }));
  }
  return [...issues.values()];
}

/** Every metric each turn of the case runs, turn by turn, with where it is written. */
function metricUses(
  agentMetrics: readonly MetricInput[] | undefined,
  testCase: TestCaseInput,
  casePath: ConfigPath,
): MetricUse[] {
  const caseList = nonEmpty(testCase.evaluations);
  const inherited = (where: string): MetricUse[] =>
    caseList !== undefined
      ? listUses(caseList, [...casePath, 'evaluations'], where, false)
      : listUses(nonEmpty(agentMetrics) ?? [], AGENT_PATH, where, true);
  if (testCase.turns === undefined) return inherited('the test case');
  return testCase.turns.flatMap((turn, turnIndex) => {
    const where = `turn ${turnIndex + 1}`;
    const own = nonEmpty(turn.evaluations);
    if (own === undefined) return inherited(where);
    return listUses(own, [...casePath, 'turns', turnIndex, 'evaluations'], where, false);
  });
}

function listUses(list: readonly MetricInput[], path: ConfigPath, where: string, agentLevel: boolean): MetricUse[] {
  return list.map((metric, index) => ({ metric, path: [...path, index], where, agentLevel }));
}

function nonEmpty(list: readonly MetricInput[] | undefined): readonly MetricInput[] | undefined {
  return list === undefined || list.length === 0 ? undefined : list;
}

/** The metric's kind as a message names it: `a standard numeric metric`, `a code grader (graders/t.ts:check)`. */
export function kindOf(metric: MetricInput): string {
  switch (metric.type) {
    case 'standard':
      return `a standard ${metric.metric} metric`;
    case 'rag':
      return `a rag ${metric.metric_type} metric`;
    case 'geval':
      return 'a geval metric';
    case 'code': {
      const spec = parseExportSpec(metric.grader);
      const grader = spec === null ? metric.grader : `${posix.normalize(spec.specifier)}:${spec.export_name}`;
      return `a code grader (${grader})`;
    }
  }
}
