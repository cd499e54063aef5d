/**
 * What a case worker needs to know of the suite when it is not to load it: when every test case is plain data,
 * each goes to its worker with its `run` message, so the worker loads agent.yaml without the test cases (no
 * second and third copy of a large suite being parsed while the main thread holds its own) and is told here
 * what it would have read from them: the run's prices and the metric kinds the cases and turns configure.
 */
import type { AgentConfig, MetricConfig } from '../../core/config-types.js';
import type { RunPricing } from '../../core/cost.js';
import { evaluatorKey } from '../../evaluators/evaluator-factory.js';
import { runPricing } from '../run-pricing.js';
import { isCloneable } from './cloneable-case.js';

export interface SentSuite {
  /** The prices of the run, as the main thread computed them from every test case. */
  readonly pricing: RunPricing;
  /** One metric configuration of each kind the test cases and their turns configure (for loading evaluators). */
  readonly metrics: readonly MetricConfig[];
}

/** The suite's digest when every test case can be sent to a worker as data; null when one cannot. */
export function sentSuite(config: AgentConfig): SentSuite | null {
  const byKind = new Map<string, MetricConfig>();
  const add = (metrics: readonly MetricConfig[] | null | undefined) => {
    for (const metric of metrics ?? []) {
      const key = evaluatorKey(metric);
      if (!byKind.has(key)) byKind.set(key, metric);
    }
  };
  for (const testCase of config.test_cases) {
    if (!isCloneable(testCase)) return null;
    add(testCase.evaluations);
    for (const turn of testCase.turns) add(turn.evaluations);
  }
  return { pricing: runPricing(config, config.test_cases), metrics: [...byKind.values()] };
}
