/**
 * A judge whose key the provider refuses is said with the place of that key in agent.yaml: the judge's own
 * model (`evaluations.model`), else the agent's model it defaults to. Real judge, real geval metric, against
 * the fake model server speaking Anthropic's and OpenAI's protocols.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { agentConfig, modelConfig } from '../../test/fakes/fixtures/agent-config.js';
import { type FakeModelServer, startFakeModelServer } from '../../test/fakes/start-fake-model-server.js';
import { createAiSdkJudge } from '../backends/ai-sdk/create-ai-sdk-judge.js';
import type { AgentConfig, GEvalMetricConfig, ModelConfig } from '../core/config-types.js';
import { loadEvaluators } from '../evaluators/load-evaluators.js';
import { applyOverrides } from './apply-overrides.js';
import { evaluatorCache } from './evaluator-cache.js';
import { matrixConfig } from './matrix/plan-matrix.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const METRIC: GEvalMetricConfig = {
  type: 'geval',
  name: 'bare',
  enabled: true,
  threshold: 0.5,
  criteria: 'The answer is a bare number.',
  evaluation_steps: ['Check it.'],
  timeout_ms: null,
};

/** The message of the metric's failure when `config` judges a turn. */
async function judgeFailure(config: AgentConfig): Promise<string> {
  const createEvaluator = await loadEvaluators([METRIC]);
  const evaluatorFor = evaluatorCache(config, {}, undefined, { createEvaluator, createJudge: createAiSdkJudge });
  const error = await evaluatorFor(METRIC)
    .evaluate({
      test_case_name: 't',
      turn_index: 0,
      turn_input: 'say 1',
      agent_response: '1',
      ground_truth: '1',
      retrieval_context: null,
      tool_invocations: [],
      turn_config: {},
      turn: {},
      earlier_turns: [],
      signal: new AbortController().signal,
    })
    .then(
      () => new Error('the judge answered'),
      (e: unknown) => e,
    );
  return (error as Error).message;
}

function withJudge(agent: ModelConfig, judge: ModelConfig | null, models?: readonly ModelConfig[]): AgentConfig {
  const config = agentConfig({ model: agent });
  return { ...config, evaluations: { ...config.evaluations, model: judge }, ...(models ? { models } : {}) };
}

describe('a judge whose key is refused', () => {
  it('names evaluations.model.api_key when the judge has a model of its own', async () => {
    server = await startFakeModelServer(() => ({ kind: 'answer', text: '1' }), { require_api_key: 'right' });
    const agent = modelConfig({ provider: 'openai', endpoint: `${server.url}/v1`, api_key: 'right' });
    const judge = modelConfig({
      provider: 'anthropic',
      name: 'claude-judge',
      endpoint: `${server.url}/v1`,
      api_key: 'wrong',
    });
    const message = await judgeFailure(withJudge(agent, judge));
    expect(message).toMatch(/judge model request failed: 401 /);
    expect(message).toMatch(/ — check evaluations\.model\.api_key or the anthropic API key in the environment/);
  });

  it("names the agent's model when the judge is the agent's model: model, or models[0] of a models: list", async () => {
    server = await startFakeModelServer(() => ({ kind: 'answer', text: '1' }), { require_api_key: 'right' });
    const agent = modelConfig({ provider: 'openai', endpoint: `${server.url}/v1`, api_key: 'wrong' });
    expect(await judgeFailure(withJudge(agent, null))).toMatch(/ — check model\.api_key or the openai API key/);
    const listed = withJudge(agent, null, [agent, modelConfig({ provider: 'openai', name: 'other' })]);
    expect(await judgeFailure(listed)).toMatch(/ — check models\[0\]\.api_key or the openai API key/);
  });

  it('names models[0] when the judge is the first of models: and another model of them runs', async () => {
    server = await startFakeModelServer(() => ({ kind: 'answer', text: '1' }), { require_api_key: 'right' });
    const first = modelConfig({ provider: 'openai', endpoint: `${server.url}/v1`, api_key: 'wrong' });
    const second = modelConfig({ provider: 'openai', name: 'other', endpoint: `${server.url}/v1`, api_key: 'right' });
    const loaded = withJudge(first, null, [first, second]);
    const other = { provider: 'openai', name: 'other' } as const;
    for (const config of [matrixConfig(loaded, {}, other), applyOverrides(loaded, { model: other })]) {
      expect(await judgeFailure(config)).toMatch(/ — check models\[0\]\.api_key or the openai API key/);
    }
  });
});
