import { describe, expect, it } from 'vitest';
import type { JsonValue } from './json.js';
import { storedJudge } from './stored-judge.js';

const good = { provider: 'openai', name: 'good' } as const;
const bad = { provider: 'openai', name: 'bad' } as const;
const snapshotJudgedBy = (judge: JsonValue) => ({ evaluations: { model: judge, metrics: [] } });

describe('storedJudge', () => {
  it('reads evaluations.model of the snapshot, else the run’s model', () => {
    const judged = snapshotJudgedBy({ ...good, api_key: '***' });
    expect(storedJudge({ model: bad, config_snapshot: judged })).toBe('openai:good');
    expect(storedJudge({ model: bad, config_snapshot: snapshotJudgedBy(null) })).toBe('openai:bad');
    expect(storedJudge({ model: bad, config_snapshot: null })).toBeNull();
  });
});
