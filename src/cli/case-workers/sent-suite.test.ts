import { describe, expect, it } from 'vitest';
import { expectConfig, HEAD, loadYaml } from '../../../test/support/config/fixtures/config-tree.js';
import { sentSuite } from './sent-suite.js';

const PLAIN = `${HEAD}evaluations: { metrics: [{ type: standard, metric: numeric }] }
test_cases:
  - name: a
    evaluations: [{ type: standard, metric: bleu }]
    turns:
      - input: q1
        evaluations: [{ type: standard, metric: bleu, threshold: 0.2 }, { type: geval, name: g, criteria: "Right?" }]
      - input: q2
  - name: b
    input: q
`;

describe('sentSuite', () => {
  it("says what a worker would read from plain test cases: one metric of each kind they configure, the run's prices", async () => {
    const config = expectConfig(await loadYaml(PLAIN));
    const suite = sentSuite(config);
    expect(suite?.metrics.map((metric) => (metric.type === 'standard' ? metric.metric : metric.type))).toEqual([
      'bleu',
      'geval',
    ]);
    // The judge is priced: a turn runs geval.
    expect(suite?.pricing.judge?.label).toBe('ollama:llama3.2');
    expect(structuredClone(suite)).toEqual(suite);
  });

  it('is null when a test case holds a function (a compiled argument pattern): the worker loads the cases', async () => {
    const yaml = `${PLAIN}  - name: c\n    input: q\n    expected_tools: [{ name: t, args: { q: { regex: '^a+$' } } }]\n`;
    expect(sentSuite(expectConfig(await loadYaml(yaml)))).toBeNull();
  });
});
