import { describe, expect, it } from 'vitest';
import { agentConfig, modelConfig } from '../../test/fakes/fixtures/agent-config.js';
import type { MetricConfig, TestCaseConfig, TurnConfig } from '../core/config-types.js';
import { emptyMetricLists } from './empty-metric-lists.js';

const metric = { type: 'standard', metric: 'equality', name: 'equality', enabled: true } as unknown as MetricConfig;

const withMetrics = (metrics: readonly MetricConfig[]) => {
  const config = agentConfig({ model: modelConfig({ provider: 'ollama', name: 'm' }) });
  return { ...config, evaluations: { model: null, metrics } };
};

function turn(index: number, evaluations: readonly MetricConfig[] | null): TurnConfig {
  return { index, evaluations } as unknown as TurnConfig;
}

function testCase(name: string, evaluations: readonly MetricConfig[] | null, turns: TurnConfig[]): TestCaseConfig {
  return { name, index: 0, kind: 'multi', evaluations, turns };
}

describe('emptyMetricLists', () => {
  it('names the cases and turns whose evaluations: [] leaves the metrics above them in force', () => {
    const config = withMetrics([metric]);
    const cases = [
      testCase('a', [], [turn(0, null)]),
      testCase('b', null, [turn(0, null), turn(1, [])]),
      testCase('c', null, [turn(0, [metric])]),
    ];
    expect(emptyMetricLists(config, cases)).toEqual([
      'evaluations: [] on "a", "b" turn 2 turns no metric off: an empty list is passed over, and the metrics of the ' +
        'test case or the agent apply there — to turn a metric off, list it with enabled: false',
    ]);
  });

  it('says nothing when no metric is above the empty list', () => {
    const config = withMetrics([]);
    expect(emptyMetricLists(config, [testCase('a', [], [turn(0, [])])])).toEqual([]);
    // The case's own metrics are above its turn's empty list.
    expect(emptyMetricLists(config, [testCase('b', [metric], [turn(0, [])])])).toHaveLength(1);
  });
});
