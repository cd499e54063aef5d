import { describe, expect, it } from 'vitest';
import { agentConfig, modelConfig } from '../../../test/fakes/fixtures/agent-config.js';
import { applyOverrides } from '../apply-overrides.js';
import { matrixConfig, planMatrix, withMatrixJudge } from './plan-matrix.js';

const yamlModel = modelConfig({ provider: 'openai', name: 'gpt-4o', endpoint: 'http://127.0.0.1:9/v1', api_key: 'k' });
const second = modelConfig({ provider: 'ollama', name: 'llama3.2:1b', endpoint: 'http://127.0.0.1:8/' });

describe('planMatrix', () => {
  it('is no matrix with one --model or one model', () => {
    const config = agentConfig({ model: yamlModel });
    expect(planMatrix(config, [])).toEqual({ ok: true, entries: [] });
    expect(planMatrix(config, [{ provider: 'openai', name: 'x' }])).toEqual({ ok: true, entries: [] });
    expect(planMatrix({ ...config, models: [yamlModel] }, [])).toEqual({ ok: true, entries: [] });
  });

  it('takes --model over models:, locating the ones agent.yaml lists', () => {
    const config = { ...agentConfig({ model: yamlModel }), models: [yamlModel, second] };
    expect(planMatrix(config, [])).toEqual({
      ok: true,
      entries: [
        { label: 'openai:gpt-4o', override: { provider: 'openai', name: 'gpt-4o' }, path: ['models', 0] },
        { label: 'ollama:llama3.2:1b', override: { provider: 'ollama', name: 'llama3.2:1b' }, path: ['models', 1] },
      ],
    });
    const cli = planMatrix(config, [
      { provider: 'ollama', name: 'llama3.2:1b' },
      { provider: 'anthropic', name: 'claude-x' },
    ]);
    expect(cli).toMatchObject({
      ok: true,
      entries: [{ path: ['models', 1] }, { label: 'anthropic:claude-x', path: null }],
    });
  });

  it('refuses a model given twice', () => {
    const twice = planMatrix(agentConfig({ model: yamlModel }), [
      { provider: 'openai', name: 'a' },
      { provider: 'openai', name: 'a' },
    ]);
    expect(twice).toEqual({
      ok: false,
      message: '--model openai:a is given twice: each model of a matrix runs the suite once',
    });
  });

  it('refuses a matrix of a module agent, which is given no model, unless --backend changes the backend', () => {
    const backend = { type: 'module' as const, module: 'agent.mjs:create', factory: () => ({ send: () => '' }) };
    const config = { ...agentConfig({ model: yamlModel, backend }), models: [yamlModel, second] };
    const listed = planMatrix(config, []);
    expect(listed.ok || listed.message).toMatch(/^`models:` run a model matrix, but a module agent \(backend module\)/);
    const given = planMatrix(config, [
      { provider: 'openai', name: 'a' },
      { provider: 'openai', name: 'b' },
    ]);
    expect(given.ok || given.message).toMatch(/^several --model run a model matrix/);
    expect(planMatrix(config, [], 'ai_sdk')).toMatchObject({ ok: true, entries: [{}, {}] });
    expect(planMatrix(config, [{ provider: 'openai', name: 'a' }])).toEqual({ ok: true, entries: [] });
  });
});

describe('matrixConfig', () => {
  it('runs the model under test, keeps the judge on the agent.yaml model, and the block of models: whole', () => {
    const config = { ...agentConfig({ model: yamlModel }), models: [yamlModel, second] };
    const plan = planMatrix(config, []);
    if (!plan.ok || plan.entries[1] === undefined) throw new Error('expected a matrix of two models');
    const run = matrixConfig(config, {}, plan.entries[1].override);
    expect(run.model).toEqual(second);
    expect(run.evaluations.model).toEqual(yamlModel);
    expect(run).not.toHaveProperty('models');
  });

  it('keeps evaluations.model when there is one, and a --model of the same provider keeps the endpoint', () => {
    const judge = modelConfig({ provider: 'anthropic', name: 'judge' });
    const base = agentConfig({ model: yamlModel });
    const config = { ...base, evaluations: { ...base.evaluations, model: judge } };
    const run = matrixConfig(config, { parallelTestCases: 3 }, { provider: 'openai', name: 'gpt-4o-mini' });
    expect(run.model).toMatchObject({ provider: 'openai', name: 'gpt-4o-mini', endpoint: 'http://127.0.0.1:9/v1' });
    expect(run.evaluations.model).toBe(judge);
    expect(run.execution.parallel_test_cases).toBe(3);
  });
});

describe('one --model of a models: list', () => {
  it('is judged by the first of models: as the matrix is, so its verdicts compare with the matrix run', () => {
    const config = { ...agentConfig({ model: yamlModel }), models: [yamlModel, second] };
    const single = applyOverrides(config, { model: { provider: 'ollama', name: 'llama3.2:1b' } });
    const plan = planMatrix(config, []);
    if (!plan.ok || plan.entries[1] === undefined) throw new Error('expected a matrix of two models');
    expect(single.model).toEqual(second);
    expect(single.evaluations.model).toEqual(yamlModel);
    expect(single).toEqual(matrixConfig(config, {}, plan.entries[1].override));
  });

  it('keeps the judge of a model: configuration on the agent.yaml model, whichever --model runs', () => {
    const config = agentConfig({ model: yamlModel });
    expect(applyOverrides(config, { model: { provider: 'openai', name: 'x' } }).evaluations.model).toBe(yamlModel);
    expect(withMatrixJudge(config).evaluations.model).toBe(yamlModel);
  });
});
