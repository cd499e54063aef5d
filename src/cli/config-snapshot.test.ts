import { describe, expect, it } from 'vitest';
import type { AgentConfig } from '../core/config-types.js';
import { configSnapshot } from './config-snapshot.js';

describe('configSnapshot', () => {
  it('keeps the configuration and lists the test cases by name only', () => {
    const config = {
      name: 'agent',
      model: { provider: 'openai', name: 'm', api_key: 'k' },
      test_cases: [
        { name: 'a', turns: [{ input: 'long question' }] },
        { name: 'b', turns: [] },
      ],
    } as unknown as AgentConfig;
    expect(configSnapshot(config)).toEqual({
      name: 'agent',
      model: { provider: 'openai', name: 'm', api_key: 'k' },
      test_cases: ['a', 'b'],
    });
    expect(config.test_cases).toHaveLength(2);
  });
});
