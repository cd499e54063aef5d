import { describe, expect, it } from 'vitest';
import { expectConfig, HEAD, loadYaml } from '../../test/support/config/fixtures/config-tree.js';
import { uncheckedTestCases } from './unchecked-test-cases.js';

async function warnings(yaml: string): Promise<string[]> {
  const config = expectConfig(await loadYaml(`${HEAD}${yaml}`));
  return uncheckedTestCases(config, config.test_cases);
}

const NO_METRIC = 'no metric applies and no tool is expected';

describe('uncheckedTestCases', () => {
  it('names a case with a ground truth but no metric: it would pass on any answer', async () => {
    const [warning, ...rest] = await warnings(`
test_cases:
  - { name: checked, input: q, ground_truth: "1", evaluations: [{ type: standard, metric: equality }] }
  - { name: bare, input: q, ground_truth: "42" }
`);
    expect(rest).toEqual([]);
    expect(warning).toBe(
      '1 test case "bare" asserts nothing: it passes whenever the agent answers without an error — ' +
        'no metric applies and no tool is expected; add evaluations.metrics (e.g. { type: standard, metric: equality }) or expected_tools',
    );
  });

  it('says nothing when a metric, an expected or a forbidden tool, or fail_on_tool_error checks the case', async () => {
    expect(
      await warnings(`
evaluations: { metrics: [{ type: standard, metric: equality }] }
test_cases:
  - { name: by-agent-metric, input: q, ground_truth: "1" }
  - { name: by-answer-metric, input: q, evaluations: [{ type: standard, metric: contains, values: [x] }] }
  - { name: by-tool, input: q, expected_tools: [lookup] }
  - { name: by-forbidden-tool, input: q, forbidden_tools: [delete] }
`),
    ).toEqual([]);
    expect(
      await warnings(`
execution: { fail_on_tool_error: true }
test_cases:
  - { name: tool-errors-only, input: q }
`),
    ).toEqual([]);
  });

  it('names cases whose metrics all need a ground truth their turns lack', async () => {
    const [warning] = await warnings(`
evaluations: { metrics: [{ type: standard, metric: numeric }, { type: standard, metric: bleu }] }
test_cases:
  - { name: no-truth, input: q }
`);
    expect(warning).toContain('1 test case "no-truth" asserts nothing');
    expect(warning).toContain('the metrics need a ground_truth the turns do not have');
  });

  it('names cases whose RAG metrics lack a retrieval context', async () => {
    const [warning] = await warnings(`
evaluations:
  model: { provider: ollama, name: llama3.2 }
  metrics: [{ type: rag, metric_type: faithfulness }]
test_cases:
  - { name: no-context, input: q, ground_truth: "a" }
  - { name: with-context, input: q, retrieval_context: [doc] }
`);
    expect(warning).toContain('"no-context" asserts nothing');
    expect(warning).toContain('the metrics need a retrieval_context');
    expect(warning).not.toContain('with-context');
  });

  it('names all a metric lacks: both the ground truth and the retrieval context, or either, metric by metric', async () => {
    const judge = 'evaluations: { model: { provider: ollama, name: llama3.2 } }\n';
    const precision = '{ type: rag, metric_type: contextual_precision }';
    const [both] = await warnings(`${judge}test_cases:
  - { name: bare, input: q, evaluations: [${precision}] }
`);
    expect(both).toContain(
      '"bare" asserts nothing: it passes whenever the agent answers without an error — the metrics need both a ground_truth and a retrieval_context, which the turns do not have; add both,',
    );
    const [context] = await warnings(`${judge}test_cases:
  - { name: truth-only, input: q, ground_truth: "a", evaluations: [${precision}] }
`);
    expect(context).toContain('the metrics need a retrieval_context the turns do not have; add it,');
    const [either] = await warnings(`${judge}test_cases:
  - { name: mixed, input: q, evaluations: [{ type: standard, metric: equality }, { type: rag, metric_type: faithfulness }] }
`);
    expect(either).toContain('each metric lacks the ground_truth or the retrieval_context it needs;');
  });

  it('counts disabled metrics as absent and lets the most specific list decide', async () => {
    const [warning, ...rest] = await warnings(`
evaluations: { metrics: [{ type: standard, metric: equality }] }
test_cases:
  - name: disabled
    input: q
    ground_truth: "1"
    evaluations: [{ type: standard, metric: equality, enabled: false }]
  - name: turn-override-needs-truth
    evaluations: [{ type: standard, metric: contains, values: [x] }]
    turns:
      - { input: q, evaluations: [{ type: standard, metric: numeric }] }
`);
    expect(warning).toContain(`"disabled" asserts nothing`);
    expect(warning).toContain(NO_METRIC);
    expect(rest).toHaveLength(1);
    expect(rest[0]).toContain('"turn-override-needs-truth" asserts nothing');
  });

  it('leaves out a conversation whose setup turns check nothing when a later turn does', async () => {
    expect(
      await warnings(`
test_cases:
  - name: conversation
    turns:
      - { input: "my name is Ada" }
      - { input: "what is my name?", ground_truth: Ada, evaluations: [{ type: standard, metric: equality }] }
`),
    ).toEqual([]);
  });

  it('names five cases at most and counts the rest', async () => {
    const cases = Array.from({ length: 8 }, (_, i) => `  - { name: c${i}, input: q }`).join('\n');
    expect(await warnings(`test_cases:\n${cases}\n`)).toEqual([
      `8 test cases ("c0", "c1", "c2", "c3", "c4" and 3 more) assert nothing: they pass whenever the agent answers without an error — ${NO_METRIC}; add evaluations.metrics (e.g. { type: standard, metric: equality }) or expected_tools`,
    ]);
  });

  it('counts the turns of checked cases whose ground truth no metric reads: it is never compared', async () => {
    const found = await warnings(`
test_cases:
  - name: tools-only
    turns:
      - { input: q1, ground_truth: "9999", expected_tools: [lookup] }
      - { input: q2, expected_tools: [lookup] }
  - { name: contains-only, input: q, ground_truth: "42", evaluations: [{ type: standard, metric: contains, values: [x] }] }
  - { name: compared, input: q, ground_truth: "42", evaluations: [{ type: standard, metric: numeric }] }
  - { name: judged, input: q, ground_truth: "42", evaluations: [{ type: geval, name: g, criteria: c, evaluation_steps: [s] }] }
`);
    expect(found).toEqual([
      '2 turns have a ground_truth that no metric compares the answer with (test cases "tools-only", "contains-only"): it is never checked; add a metric that reads it (e.g. { type: standard, metric: equality } or numeric)',
    ]);
  });
});
