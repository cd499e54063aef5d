import { describe, expect, it } from 'vitest';
import type { ModelConfig } from '../../core/config-types.js';
import { BackendSettingError, BackendStartError } from '../../core/errors.js';
import { resolveClaudeModel } from './resolve-claude-model.js';

function model(overrides: Partial<ModelConfig>): ModelConfig {
  return {
    provider: 'anthropic',
    name: 'claude-sonnet-4-5',
    endpoint: null,
    api_key: null,
    temperature: null,
    max_tokens: null,
    api_version: null,
    ...overrides,
  };
}

describe('resolveClaudeModel', () => {
  it('takes the key from model.api_key before ANTHROPIC_API_KEY, and the endpoint as the API root', () => {
    const settings = resolveClaudeModel(
      model({ api_key: 'from-yaml', endpoint: 'http://127.0.0.1:8000/v1/', max_tokens: 500 }),
      {
        ANTHROPIC_API_KEY: 'from-env',
      },
    );
    expect(settings).toEqual({
      model: 'claude-sonnet-4-5',
      base_url: 'http://127.0.0.1:8000',
      api_key: 'from-yaml',
      endpoint: 'http://127.0.0.1:8000',
      max_output_tokens: 500,
    });
  });

  it("uses ANTHROPIC_API_KEY and Anthropic's API when the config names neither", () => {
    const settings = resolveClaudeModel(model({}), { ANTHROPIC_API_KEY: 'from-env' });
    expect(settings).toMatchObject({ api_key: 'from-env', base_url: null, endpoint: 'https://api.anthropic.com' });
  });

  it('refuses other providers, a missing key and an endpoint that is not an http(s) URL', () => {
    expect(() => resolveClaudeModel(model({ provider: 'openai' }), { ANTHROPIC_API_KEY: 'k' })).toThrow(
      /runs Anthropic models only, but model\.provider is openai: set model\.provider: anthropic, or use backend: ai_sdk/,
    );
    expect(() => resolveClaudeModel(model({ api_key: '' }), { ANTHROPIC_API_KEY: '' })).toThrow(BackendStartError);
    expect(() => resolveClaudeModel(model({}), {})).toThrow(/no API key for provider anthropic .*ANTHROPIC_API_KEY/);
    expect(() => resolveClaudeModel(model({ api_key: 'k', endpoint: 'localhost:8000' }), {})).toThrow(
      /model\.endpoint is not an http\(s\) URL: "localhost:8000"/,
    );
  });

  it('refuses an endpoint with a query string, which Claude Code would send with its paths after it', () => {
    const withQuery = model({ api_key: 'k', endpoint: 'http://127.0.0.1:8000/v1?token=QUERYSECRET' });
    expect(() => resolveClaudeModel(withQuery, {})).toThrow(BackendSettingError);
    expect(() => resolveClaudeModel(withQuery, {})).toThrow(
      /^model\.endpoint has a query string, which backend claude_agent_sdk cannot send .*use backend ai_sdk, which sends it$/,
    );
  });

  it('takes the endpoint from ANTHROPIC_BASE_URL when the model names none, as the ai_sdk backend does', () => {
    const env = { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: ' http://127.0.0.1:9000/v1 ' };
    expect(resolveClaudeModel(model({}), env)).toMatchObject({
      base_url: 'http://127.0.0.1:9000',
      endpoint: 'http://127.0.0.1:9000',
    });
    // The model's own endpoint wins; a blank variable is none.
    expect(resolveClaudeModel(model({ endpoint: 'http://127.0.0.1:8000' }), env).base_url).toBe(
      'http://127.0.0.1:8000',
    );
    expect(resolveClaudeModel(model({}), { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: ' ' }).base_url).toBeNull();
    expect(() => resolveClaudeModel(model({}), { ...env, ANTHROPIC_BASE_URL: 'http://gw/v1?key=s' })).toThrow(
      /^ANTHROPIC_BASE_URL has a query string/,
    );
    expect(() => resolveClaudeModel(model({}), { ...env, ANTHROPIC_BASE_URL: 'gw:80' })).toThrow(
      /^ANTHROPIC_BASE_URL is not an http\(s\) URL/,
    );
  });
});
