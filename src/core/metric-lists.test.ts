import { describe, expect, it } from 'vitest';
import type { MetricConfig, TestCaseConfig, TurnConfig } from './config-types.js';
import { anyMetric, metricLists } from './metric-lists.js';

const metric = (name: string) => ({ type: 'geval', name, enabled: true }) as unknown as MetricConfig;
const turn = (evaluations: readonly MetricConfig[] | null) => ({ index: 0, evaluations }) as unknown as TurnConfig;
const testCase = (evaluations: readonly MetricConfig[] | null, turns: TurnConfig[]): TestCaseConfig => ({
  name: 'c',
  index: 0,
  kind: 'multi',
  evaluations,
  turns,
});

describe('metricLists', () => {
  it('lists the agent’s list, then each case’s and its turns’, in the order written', () => {
    const [a, b, c] = [metric('a'), metric('b'), metric('c')];
    const lists = metricLists([a], [testCase([b], [turn(null), turn([c])]), testCase(null, [])]);
    expect(lists).toEqual([[a], [b], null, [c], null]);
  });
});

describe('anyMetric', () => {
  it('finds a metric written at any level, and none when the suite has none', () => {
    const isC = (m: MetricConfig) => m.name === 'c';
    expect(anyMetric(undefined, [testCase(null, [turn([metric('c')])])], isC)).toBe(true);
    expect(anyMetric([metric('c')], [], isC)).toBe(true);
    expect(anyMetric([metric('a')], [testCase([metric('b')], [turn(null)])], isC)).toBe(false);
  });
});
