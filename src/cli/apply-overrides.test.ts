import { describe, expect, it } from 'vitest';
import { agentConfig, modelConfig } from '../../test/fakes/fixtures/agent-config.js';
import type { AgentConfig, MetricConfig, ModelConfig } from '../core/config-types.js';
import type { JsonValue } from '../core/json.js';
import { storedJudge } from '../core/stored-judge.js';
import { applyOverrides } from './apply-overrides.js';
import { matrixConfig } from './matrix/plan-matrix.js';
import { judgeMismatch } from './resume/resumed-judge.js';
import { resumedOverrides } from './resumed-overrides.js';

const yamlModel = modelConfig({
  provider: 'openai',
  name: 'gpt-4o-mini',
  endpoint: 'http://127.0.0.1:9/v1',
  api_key: 'k',
  pricing: { input_per_mtok: 1, output_per_mtok: 2, cached_input_per_mtok: 1, cache_write_per_mtok: 1 },
});
const GEVAL = { type: 'geval', name: 'tone', enabled: true } as unknown as MetricConfig;
const nano = { provider: 'openai', name: 'gpt-4.1-nano' } as const;
const claude = { provider: 'anthropic', name: 'claude-x' } as const;

function judged(judge: ModelConfig | null = null): AgentConfig {
  const base = agentConfig({ model: yamlModel });
  return { ...base, evaluations: { model: judge, metrics: [GEVAL] } };
}

describe('applyOverrides and the judge', () => {
  it('keeps agent.yaml’s model, its whole block, as the judge of a single --model, and names it', () => {
    for (const override of [nano, claude]) {
      const run = applyOverrides(judged(), { model: override });
      expect(run.model).toMatchObject(override);
      expect(run.evaluations.model).toBe(yamlModel);
      expect(run.model_paths?.judge).toBe('model');
    }
  });

  it('judges a single --model as a matrix judges each of its models', () => {
    const config = judged();
    expect(applyOverrides(config, { model: nano }).evaluations).toEqual(matrixConfig(config, {}, nano).evaluations);
  });

  it('keeps evaluations.model where it is set, and changes nothing without --model', () => {
    const judge = modelConfig({ provider: 'anthropic', name: 'judge' });
    const run = applyOverrides(judged(judge), { model: nano });
    expect(run.evaluations.model).toBe(judge);
    expect(run.model_paths?.judge).toBe('evaluations.model');
    expect(applyOverrides(judged(), {}).evaluations.model).toBeNull();
  });

  it('lets the model that runs judge only when told to, for a run whose record named no judge', () => {
    const run = applyOverrides(judged(), { model: claude, judgedByModel: true });
    expect(run.evaluations.model).toBeNull();
    expect(run.model_paths).toEqual({ agent: 'model', judge: 'model' });
    const judge = modelConfig({ provider: 'anthropic', name: 'judge' });
    expect(applyOverrides(judged(judge), { model: claude, judgedByModel: true }).evaluations.model).toBe(judge);
  });
});

describe('--resume of a run on --model', () => {
  const metadata = (evaluationsModel: JsonValue) => ({
    backend: 'ai_sdk',
    model: nano,
    execution: { parallel_test_cases: 1, llm_timeout: 60 },
    config_snapshot: { evaluations: { model: evaluationsModel, metrics: [] } },
  });

  it('keeps the judge of a record that names none: the model the run ran on judged it', () => {
    const old = metadata(null);
    const config = applyOverrides(judged(), resumedOverrides(judged(), {}, old));
    expect(config.model).toMatchObject(nano);
    expect(config.evaluations.model).toBeNull();
    expect(storedJudge(old)).toBe('openai:gpt-4.1-nano');
    expect(judgeMismatch(config, old, 'r.json')).toBeNull();
  });

  it('keeps agent.yaml’s model as the judge of a record that names it', () => {
    const now = metadata({ provider: 'openai', name: 'gpt-4o-mini' });
    const config = applyOverrides(judged(), resumedOverrides(judged(), {}, now));
    expect(config.evaluations.model).toBe(yamlModel);
    expect(judgeMismatch(config, now, 'r.json')).toBeNull();
  });
});
