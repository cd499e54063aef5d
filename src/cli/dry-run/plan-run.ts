/**
 * What a run would do, estimated without calling any model (`--dry-run`): per test case the turns, the model
 * calls at least made and the input tokens they send, and for the run a cost range at the models' prices.
 *
 * Rough on purpose: 4 characters make a token; a turn makes one agent call, two when it expects a tool call
 * (the call, then the answer with the tool results), and sends the instructions, the tool definitions (60
 * tokens each), the conversation so far (earlier answers taken as long as their ground truth) and its input.
 * Low: those calls, answers as long as the ground truth. High: twice the calls, each answering up to
 * max_tokens (1,000 when unset). Judge calls (geval, rag) send about 200 tokens of prompt besides the turn
 * and answer in 20 (low) to 300 (high) tokens. With `--repeat N`, each case counts N times. A module agent calls
 * a model of its own, unseen: its calls, tokens and cost are not estimated, only the judge's.
 */
import type { AgentConfig, MetricConfig, TestCaseConfig, TurnConfig } from '../../core/config-types.js';
import type { RunPricing } from '../../core/cost.js';
import { type ModelPrice, type PricedModel, roundUsd } from '../../core/model-price.js';
import { metricNeeds } from '../../evaluators/metric-needs.js';
import { selectMetrics } from '../../runner/select-metrics.js';

export const CHARS_PER_TOKEN = 4;
export const TOKENS_PER_TOOL = 60;
const DEFAULT_ANSWER_TOKENS = 50;
const DEFAULT_MAX_OUTPUT_TOKENS = 1000;
const JUDGE_PROMPT_TOKENS = 200;
const JUDGE_OUTPUT_TOKENS = { low: 20, high: 300 };

export interface CasePlan {
  readonly name: string;
  readonly turns: number;
  readonly agent_calls: number;
  readonly judge_calls: number;
  /** Input tokens of the agent calls and judge calls, at least. */
  readonly input_tokens: number;
}

export interface CostRange {
  readonly low_usd: number;
  readonly high_usd: number;
}

export interface RunPlan {
  readonly cases: readonly CasePlan[];
  /** `--repeat N` with N > 1: every figure counts the N runs of each case. */
  readonly repeat?: number;
  /** false for a module agent: the model calls it makes are its own, and counted as none here. */
  readonly agent_estimated: boolean;
  readonly turns: number;
  readonly agent_calls: number;
  readonly judge_calls: number;
  readonly input_tokens: number;
  /** null when a model that would be called has no price. */
  readonly cost: CostRange | null;
}

interface Tally {
  agentCalls: number;
  judgeCalls: number;
  agentInput: number;
  judgeInput: number;
  answerTokens: number;
}

export function tokensOf(text: string | null): number {
  return text === null ? 0 : Math.ceil(text.length / CHARS_PER_TOKEN);
}

export function planRun(
  config: AgentConfig,
  cases: readonly TestCaseConfig[],
  toolCount: number,
  pricing: RunPricing,
): RunPlan {
  const run: Tally = { agentCalls: 0, judgeCalls: 0, agentInput: 0, judgeInput: 0, answerTokens: 0 };
  // `--repeat N` runs every case N times; the G-Eval steps written once per metric stay once.
  const repeat = config.execution.repeat;
  const generated = new Set<MetricConfig>();
  const agentEstimated = config.backend.type !== 'module';
  const casePlans = cases.map((testCase) => {
    const tally: Tally = { agentCalls: 0, judgeCalls: 0, agentInput: 0, judgeInput: 0, answerTokens: 0 };
    const once: Tally = { agentCalls: 0, judgeCalls: 0, agentInput: 0, judgeInput: 0, answerTokens: 0 };
    let history = 0;
    for (const turn of testCase.turns) {
      const calls = turn.expected_tools?.some((tool) => tool.count > 0) ? 2 : 1;
      // The conversation so far, which the agent's call and the judges' calls of this turn both carry.
      const earlier = history;
      const sent = tokensOf(config.instructions) + toolCount * TOKENS_PER_TOOL + history + tokensOf(turn.input);
      const answer = answerTokens(turn);
      if (agentEstimated) {
        tally.agentCalls += calls;
        tally.agentInput += calls * sent;
        tally.answerTokens += answer;
      }
      history += tokensOf(turn.input) + answer;
      for (const metric of selectMetrics(config.evaluations.metrics, testCase, turn)) {
        if (metric.type !== 'geval' && metric.type !== 'rag') continue;
        // A metric the turn lacks the inputs of is skipped there: no judge call (runner/evaluate-metric.ts).
        const needs = metricNeeds(metric);
        if (needs.requires_ground_truth && (turn.ground_truth ?? '') === '') continue;
        if (needs.requires_retrieval_context && (turn.retrieval_context ?? []).length === 0) continue;
        const judged = JUDGE_PROMPT_TOKENS + earlier + tokensOf(turn.input) + answer + tokensOf(turn.ground_truth);
        const context = (turn.retrieval_context ?? []).reduce((sum, text) => sum + tokensOf(text), 0);
        tally.judgeCalls += 1;
        tally.judgeInput += judged + context;
        // G-Eval writes its evaluation steps once per metric when none are configured.
        if (metric.type === 'geval' && metric.evaluation_steps.length === 0 && !generated.has(metric)) {
          generated.add(metric);
          once.judgeCalls += 1;
          once.judgeInput += JUDGE_PROMPT_TOKENS + tokensOf(metric.criteria);
        }
      }
    }
    const repeated = times(tally, repeat);
    add(repeated, once);
    add(run, repeated);
    return {
      name: testCase.name,
      turns: testCase.turns.length * repeat,
      agent_calls: repeated.agentCalls,
      judge_calls: repeated.judgeCalls,
      input_tokens: repeated.agentInput + repeated.judgeInput,
    };
  });
  return {
    cases: casePlans,
    ...(repeat > 1 ? { repeat } : {}),
    agent_estimated: agentEstimated,
    turns: cases.reduce((sum, testCase) => sum + testCase.turns.length, 0) * repeat,
    agent_calls: run.agentCalls,
    judge_calls: run.judgeCalls,
    input_tokens: run.agentInput + run.judgeInput,
    cost: costRange(run, pricing, config.model?.max_tokens ?? null),
  };
}

function answerTokens(turn: TurnConfig): number {
  return turn.ground_truth === null ? DEFAULT_ANSWER_TOKENS : Math.max(1, tokensOf(turn.ground_truth));
}

function times(tally: Tally, n: number): Tally {
  return {
    agentCalls: tally.agentCalls * n,
    judgeCalls: tally.judgeCalls * n,
    agentInput: tally.agentInput * n,
    judgeInput: tally.judgeInput * n,
    answerTokens: tally.answerTokens * n,
  };
}

function add(sum: Tally, part: Tally): void {
  sum.agentCalls += part.agentCalls;
  sum.judgeCalls += part.judgeCalls;
  sum.agentInput += part.agentInput;
  sum.judgeInput += part.judgeInput;
  sum.answerTokens += part.answerTokens;
}

function costRange(run: Tally, pricing: RunPricing, maxTokens: number | null): CostRange | null {
  const agent = priceOf(pricing.agent, run.agentCalls);
  const judge = priceOf(pricing.judge, run.judgeCalls);
  if (agent === undefined || judge === undefined) return null;
  const perCall = maxTokens ?? DEFAULT_MAX_OUTPUT_TOKENS;
  const low =
    usd(agent, run.agentInput, run.answerTokens) + usd(judge, run.judgeInput, run.judgeCalls * JUDGE_OUTPUT_TOKENS.low);
  const high =
    usd(agent, 2 * run.agentInput, 2 * run.agentCalls * perCall) +
    usd(judge, run.judgeInput, run.judgeCalls * JUDGE_OUTPUT_TOKENS.high);
  return { low_usd: roundUsd(low), high_usd: roundUsd(high) };
}

/** The price of a model that will be called; null when it will not be; undefined when it has no price. */
function priceOf(model: PricedModel | null, calls: number): ModelPrice | null | undefined {
  if (calls === 0) return null;
  return model?.price ?? undefined;
}

function usd(price: ModelPrice | null, input: number, output: number): number {
  if (price === null) return 0;
  return (input * price.input_per_mtok + output * price.output_per_mtok) / 1_000_000;
}
