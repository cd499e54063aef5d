import { describe, expect, it } from 'vitest';
import { agentConfig, modelConfig } from '../../../test/fakes/fixtures/agent-config.js';
import type { MetricConfig } from '../../core/config-types.js';
import type { JsonValue } from '../../core/json.js';
import { judgeMismatch, matrixModelOf } from './resumed-judge.js';

const good = { provider: 'openai', name: 'good' } as const;
const bad = { provider: 'openai', name: 'bad' } as const;
const snapshotJudgedBy = (judge: JsonValue) => ({ evaluations: { model: judge, metrics: [] } });

describe('matrixModelOf', () => {
  it('gives the model of a run of a model matrix, and nothing for an ordinary run', () => {
    expect(matrixModelOf({ model: bad, comparison_id: 'c', config_snapshot: null })).toEqual(bad);
    expect(matrixModelOf({ model: bad, config_snapshot: null })).toBeNull();
    expect(matrixModelOf({ model: null, comparison_id: 'c', config_snapshot: null })).toBeNull();
  });
});

describe('judgeMismatch', () => {
  const metadata = { model: bad, comparison_id: 'c', config_snapshot: snapshotJudgedBy(good) };

  it('lets a run of a matrix resume with the matrix’s judge', () => {
    const base = agentConfig({ model: modelConfig(bad) });
    const config = { ...base, evaluations: { ...base.evaluations, model: modelConfig(good) } };
    expect(judgeMismatch(config, metadata, 'r.json')).toBeNull();
  });

  const GEVAL = { type: 'geval', name: 'tone', enabled: true } as unknown as MetricConfig;

  it('refuses another judge, naming both', () => {
    const base = agentConfig({ model: modelConfig(bad) });
    const config = { ...base, evaluations: { ...base.evaluations, metrics: [GEVAL] } };
    expect(judgeMismatch(config, metadata, 'r.json')).toBe(
      "the run r.json was judged by openai:good (evaluations.model, else the agent's model); resuming it with " +
        "openai:bad as the judge would put two judges' verdicts in one record: set evaluations.model back, or start a new run",
    );
  });

  it('has no judge to keep when no metric is judged: another agent model is left to the model check', () => {
    expect(judgeMismatch(agentConfig({ model: modelConfig(bad) }), metadata, 'r.json')).toBeNull();
  });
});
