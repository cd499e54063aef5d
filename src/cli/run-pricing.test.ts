import { describe, expect, it } from 'vitest';
import type { AgentConfig, MetricConfig, TestCaseConfig } from '../core/config-types.js';
import { usesJudge } from './run-pricing.js';

const geval = { type: 'geval', name: 'tone', enabled: true } as unknown as MetricConfig;
const offGeval = { ...geval, enabled: false } as MetricConfig;
const rag = { type: 'rag', name: 'faith', enabled: true } as unknown as MetricConfig;
const bleu = { type: 'bleu', name: 'bleu', enabled: true } as unknown as MetricConfig;

const config = (metrics: MetricConfig[]) => ({ evaluations: { metrics } }) as unknown as AgentConfig;
const testCase = (evaluations: MetricConfig[] | null, turns: (MetricConfig[] | null)[]) =>
  ({ evaluations, turns: turns.map((e) => ({ evaluations: e })) }) as unknown as TestCaseConfig;

describe('usesJudge', () => {
  it('uses the agent list when neither case nor turn has one', () => {
    expect(usesJudge(config([geval]), [testCase(null, [null])])).toBe(true);
    expect(usesJudge(config([bleu]), [testCase([], [[]])])).toBe(false);
    expect(usesJudge(config([offGeval]), [testCase(null, [null])])).toBe(false);
  });

  it('lets the most specific non-empty list win: turn over case over agent', () => {
    expect(usesJudge(config([geval]), [testCase([bleu], [null])])).toBe(false);
    expect(usesJudge(config([bleu]), [testCase([rag], [null])])).toBe(true);
    expect(usesJudge(config([geval]), [testCase([geval], [[bleu]])])).toBe(false);
    expect(usesJudge(config([bleu]), [testCase(null, [null, [geval]])])).toBe(true);
    expect(usesJudge(config([bleu]), [testCase(null, [[offGeval]]), testCase(null, [null])])).toBe(false);
  });
});
