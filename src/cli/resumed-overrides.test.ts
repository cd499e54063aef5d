import { describe, expect, it } from 'vitest';
import type { AgentConfig } from '../core/config-types.js';
import { modelOverride } from './apply-overrides.js';
import { resumedOverrides } from './resumed-overrides.js';

const configured = {
  backend: { type: 'ai_sdk' },
  model: {
    provider: 'openai',
    name: 'gpt-4o-mini',
    endpoint: 'http://h/v1',
    api_key: 'k',
    temperature: 0,
    max_tokens: 5,
    api_version: null,
  },
} as unknown as AgentConfig;

describe('resumedOverrides', () => {
  const stored = {
    backend: 'ai_sdk',
    model: { provider: 'ollama', name: 'qwen' },
    execution: { parallel_test_cases: 3, llm_timeout: 20 },
  };

  it('keeps the stored parallelism, timeout and a model the run switched to', () => {
    expect(resumedOverrides(configured, {}, stored)).toEqual({
      parallelTestCases: 3,
      timeout: 20,
      backend: undefined,
      model: { provider: 'ollama', name: 'qwen' },
      redact: [],
    });
  });

  it('masks every variable the run masked, beside those given again', () => {
    const masked = { ...stored, execution: { ...stored.execution, redact: ['TOKEN_A', 'TOKEN_B'] } };
    expect(resumedOverrides(configured, {}, masked).redact).toEqual(['TOKEN_A', 'TOKEN_B']);
    expect(resumedOverrides(configured, { redact: ['TOKEN_C'] }, masked).redact).toEqual([
      'TOKEN_C',
      'TOKEN_A',
      'TOKEN_B',
    ]);
  });

  it('lets the command line win', () => {
    const given = { parallelTestCases: 8, model: { provider: 'openai' as const, name: 'gpt-4o' } };
    expect(resumedOverrides(configured, given, stored)).toMatchObject({
      parallelTestCases: 8,
      timeout: 20,
      model: { provider: 'openai', name: 'gpt-4o' },
    });
  });

  it('overrides nothing for a run that used the configuration as it is, or an older record', () => {
    const same = { backend: 'ai_sdk', model: { provider: 'openai', name: 'gpt-4o-mini' } };
    expect(resumedOverrides(configured, {}, same)).toEqual({
      parallelTestCases: undefined,
      timeout: undefined,
      backend: undefined,
      model: undefined,
      redact: [],
    });
  });
});

describe('modelOverride', () => {
  it('changes only the name for the same provider, and drops endpoint and key for another', () => {
    expect(modelOverride(configured.model, { provider: 'openai', name: 'gpt-4o' })).toEqual({
      ...configured.model,
      name: 'gpt-4o',
    });
    expect(modelOverride(configured.model, { provider: 'anthropic', name: 'c' })).toEqual({
      provider: 'anthropic',
      name: 'c',
      endpoint: null,
      api_key: null,
      api_version: null,
      temperature: 0,
      max_tokens: 5,
    });
    expect(modelOverride(null, undefined)).toBeNull();
  });

  it('keeps --fail-on-tool-error when the run had it, from its configuration snapshot', () => {
    const stored = { backend: 'ai_sdk', model: null, execution: { parallel_test_cases: 3, llm_timeout: 20 } };
    const strict = { ...stored, config_snapshot: { execution: { fail_on_tool_error: true } } };
    expect(resumedOverrides(configured, {}, strict).failOnToolError).toBe(true);
    expect(resumedOverrides(configured, {}, stored).failOnToolError).toBeUndefined();
    expect(resumedOverrides(configured, { failOnToolError: true }, stored).failOnToolError).toBe(true);
  });
});
