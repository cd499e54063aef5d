import { describe, expect, it } from 'vitest';
import { expectConfig, loadYaml } from '../../../test/support/config/fixtures/config-tree.js';
import type { RunPricing } from '../../core/cost.js';
import type { ModelPrice } from '../../core/model-price.js';
import { planRun } from './plan-run.js';
import { renderPlan } from './render-plan.js';

const price = (input: number, output: number): ModelPrice => ({
  input_per_mtok: input,
  output_per_mtok: output,
  cached_input_per_mtok: null,
  cache_write_per_mtok: null,
});
const PRICED: RunPricing = {
  agent: { label: 'openai:m', price: price(1, 2), source: 'config' },
  judge: { label: 'openai:j', price: price(10, 20), source: 'config' },
};

// Instructions of 40 characters: 10 tokens. Turn inputs of 8 characters: 2 tokens.
const BASE = `name: plan
model: { provider: openai, name: m }
instructions: { inline: "${'x'.repeat(40)}" }
`;
const TWO_TURNS = `test_cases:
  - name: chat
    turns:
      - { input: "12345678", ground_truth: "1234", expected_tools: [lookup] }
      - { input: "abcdefgh" }
`;

async function config(yaml: string) {
  return expectConfig(await loadYaml(yaml));
}

describe('planRun', () => {
  it('counts a call per turn (two when a tool call is expected) and the input each sends', async () => {
    const loaded = await config(`${BASE}${TWO_TURNS}`);
    const plan = planRun(loaded, loaded.test_cases, 2, PRICED);
    // Turn 1: 10 instructions + 2 tools × 60 + 2 input = 132 tokens, sent twice. Turn 2 also sends turn 1's
    // input and answer (its 1-token ground truth): 135 tokens, once.
    expect(plan.cases).toEqual([{ name: 'chat', turns: 2, agent_calls: 3, judge_calls: 0, input_tokens: 399 }]);
    expect(plan).toMatchObject({ turns: 2, agent_calls: 3, judge_calls: 0, input_tokens: 399 });
    // Low: 399 input × $1 + (1 + 50 answer tokens) × $2; high: twice the input, 2 × 3 calls × 1,000 output × $2.
    expect(plan.cost).toEqual({ low_usd: 0.000501, high_usd: 0.012798 });
  });

  it('counts judge calls: one per geval or rag metric and turn, and once the steps G-Eval writes', async () => {
    const metrics = `evaluations:
  metrics:
    - { type: geval, name: g, criteria: "Polite." }
    - { type: rag, metric_type: answer_relevancy }
    - { type: standard, metric: equality }
`;
    const loaded = await config(`${BASE}${metrics}${TWO_TURNS}`);
    const plan = planRun(loaded, loaded.test_cases, 0, PRICED);
    expect(plan.judge_calls).toBe(5);
    expect(plan.cost?.low_usd).toBeGreaterThan(0);
  });

  it("counts the conversation so far in a later turn's judge call, as in its agent calls", async () => {
    const metrics = 'evaluations:\n  metrics: [{ type: geval, name: g, criteria: "Polite.", evaluation_steps: [s] }]\n';
    const judged = await config(`${BASE}${metrics}${TWO_TURNS}`);
    const plain = await config(`${BASE}${TWO_TURNS}`);
    const judgeInput =
      planRun(judged, judged.test_cases, 2, PRICED).input_tokens -
      planRun(plain, plain.test_cases, 2, PRICED).input_tokens;
    // Turn 1: 200 + its input (2) + its answer and ground truth (1 + 1). Turn 2: 200 + turn 1's input and answer
    // (2 + 1) + its input (2) + an answer of 50 tokens (no ground truth).
    expect(judgeInput).toBe(204 + 255);
  });

  it('counts no judge call for a metric the turn lacks the inputs of, which is skipped there', async () => {
    const metrics = `evaluations:
  metrics:
    - { type: rag, metric_type: faithfulness }
    - { type: rag, metric_type: contextual_recall }
    - { type: geval, name: g, criteria: "Polite.", evaluation_steps: [Check.] }
`;
    const turns = `test_cases:
  - name: chat
    turns:
      - { input: a, ground_truth: b, retrieval_context: [c] }
      - { input: d, retrieval_context: [e] }
      - { input: f }
`;
    const loaded = await config(`${BASE}${metrics}${turns}`);
    // Turn 1: all three; turn 2: faithfulness and geval (no ground truth for recall); turn 3: geval alone.
    expect(planRun(loaded, loaded.test_cases, 0, PRICED).judge_calls).toBe(6);
  });

  it('counts every repeat with --repeat, the steps G-Eval writes still once', async () => {
    const metrics = `evaluations:\n  metrics: [{ type: geval, name: g, criteria: "Polite." }]\n`;
    const once = await config(`${BASE}${metrics}${TWO_TURNS}`);
    const repeated = await config(`${BASE}execution: { repeat: 3 }\n${metrics}${TWO_TURNS}`);
    const single = planRun(once, once.test_cases, 2, PRICED);
    const plan = planRun(repeated, repeated.test_cases, 2, PRICED);
    expect(plan.repeat).toBe(3);
    expect(plan.cases).toEqual([
      { name: 'chat', turns: 6, agent_calls: 9, judge_calls: 7, input_tokens: expect.any(Number) },
    ]);
    // Two judge calls per run of the case, three runs, and the G-Eval steps once.
    expect(plan).toMatchObject({ turns: 6, agent_calls: 9, judge_calls: 7 });
    expect(plan.cost?.low_usd).toBeGreaterThan(2 * (single.cost?.low_usd ?? 0));
    expect(renderPlan({ agent_name: 'plan', pricing: PRICED, tool_names: [] }, plan).join('\n')).toContain(
      'Total   1 test case × 3 repeats · 6 turns · ≥ 9 agent calls · 7 judge calls',
    );
  });

  it('uses max_tokens for the high end, and has no cost when a called model has no price', async () => {
    const loaded = await config(`${BASE.replace('name: m }', 'name: m, max_tokens: 10 }')}${TWO_TURNS}`);
    expect(planRun(loaded, loaded.test_cases, 2, PRICED).cost?.high_usd).toBe(0.000918);
    const unpriced: RunPricing = { agent: { label: 'openai:m', price: null, source: null }, judge: null };
    expect(planRun(loaded, loaded.test_cases, 2, unpriced).cost).toBeNull();
  });
});

describe('renderPlan', () => {
  it('prints the models, tools, one row per case and the totals', async () => {
    const loaded = await config(`${BASE}${TWO_TURNS}`);
    const plan = planRun(loaded, loaded.test_cases, 2, PRICED);
    const lines = renderPlan({ agent_name: 'plan', pricing: { ...PRICED, judge: null }, tool_names: ['a', 'b'] }, plan);
    expect(lines).toEqual([
      'Plan — plan (dry run: no model is called)',
      '  Agent   openai:m — $1.00 in / $2.00 out per million tokens (pricing: in agent.yaml)',
      '  Tools   2 connected: a, b',
      '',
      '  test case  turns  agent calls  judge calls  input tokens',
      '  chat           2          ≥ 3            0         ≈ 399',
      '',
      '  Total   1 test case · 2 turns · ≥ 3 agent calls · 0 judge calls · ≈ 399 input tokens',
      '  Cost    $0.000501 – $0.0128 (estimate; see "Cost" in the README)',
    ]);
  });

  it('estimates no model calls of a module agent, which calls a model of its own: only the judge is priced', async () => {
    const loaded = await config(`${BASE}${TWO_TURNS}`);
    const moduleAgent = {
      ...loaded,
      backend: { type: 'module' as const, module: 'agent.mjs:create', factory: () => ({ send: async () => '' }) },
    };
    const pricing: RunPricing = { agent: null, judge: null };
    const plan = planRun(moduleAgent, moduleAgent.test_cases, 0, pricing);
    expect(plan).toMatchObject({
      agent_estimated: false,
      agent_calls: 0,
      input_tokens: 0,
      cost: { low_usd: 0, high_usd: 0 },
    });
    expect(renderPlan({ agent_name: 'plan', pricing, tool_names: null }, plan)).toEqual([
      'Plan — plan (dry run: no model is called)',
      '  Agent   a module agent (its own model)',
      '  Tools   the backend does not list its tools',
      '',
      '  test case  turns  agent calls  judge calls  judge input tokens',
      '  chat           2            —            0                 ≈ 0',
      '',
      '  Total   1 test case · 2 turns · 2 agent sends (its model calls not estimated) · 0 judge calls · ≈ 0 judge input tokens',
      '  Cost    not estimated: the module agent calls a model of its own, unseen by holodeck',
    ]);
    const metrics = `evaluations:\n  metrics: [{ type: geval, name: g, criteria: "Polite.", evaluation_steps: [Check] }]\n`;
    const judged = await config(`${BASE}${metrics}${TWO_TURNS}`);
    const judgedModule = { ...judged, backend: moduleAgent.backend };
    const withJudge = planRun(judgedModule, judgedModule.test_cases, 0, { agent: null, judge: PRICED.judge });
    expect(withJudge.judge_calls).toBe(2);
    expect(withJudge.cost?.low_usd).toBeGreaterThan(0);
    expect(renderPlan({ agent_name: 'plan', pricing: PRICED, tool_names: null }, withJudge).at(-1)).toMatch(
      /^ {2}Cost {4}\$\S+ – \$\S+ for the judge calls \(estimate\); the module agent's own model calls are not estimated$/,
    );
  });
});
