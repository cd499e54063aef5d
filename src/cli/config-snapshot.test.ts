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
      model: { provider: 'openai', name: 'm', api_key: '[redacted]' },
      test_cases: ['a', 'b'],
    });
    expect(config.test_cases).toHaveLength(2);
  });

  it('stores no credential, however short or plain: keys, headers and environment values read [redacted]', () => {
    const config = {
      name: 'agent',
      model: { provider: 'openai', name: 'm', api_key: 'ollama', max_tokens: 10 },
      evaluations: { model: { provider: 'openai', name: 'j', api_key: 'ab12' }, metrics: [] },
      tools: [{ type: 'mcp', name: 'gh', url: 'http://x', headers: { Authorization: 'x' }, env: { T: 'y' } }],
      test_cases: [],
    } as unknown as AgentConfig;
    expect(configSnapshot(config)).toEqual({
      name: 'agent',
      model: { provider: 'openai', name: 'm', api_key: '[redacted]', max_tokens: 10 },
      evaluations: { model: { provider: 'openai', name: 'j', api_key: '[redacted]' }, metrics: [] },
      tools: [
        {
          type: 'mcp',
          name: 'gh',
          url: 'http://x',
          headers: { Authorization: '[redacted]' },
          env: { T: '[redacted]' },
        },
      ],
      test_cases: [],
    });
  });

  it('keeps a key that was not given as null', () => {
    const config = { name: 'a', model: { provider: 'ollama', name: 'm', api_key: null }, test_cases: [] };
    expect(configSnapshot(config as unknown as AgentConfig)).toEqual({
      name: 'a',
      model: { provider: 'ollama', name: 'm', api_key: null },
      test_cases: [],
    });
  });
});
