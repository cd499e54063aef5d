import { describe, expect, it } from 'vitest';
import { describeProviderWarning } from './describe-provider-warning.js';

describe('describeProviderWarning', () => {
  const dropped = { type: 'unsupported', feature: 'temperature', details: 'not for reasoning models' } as const;
  const limit = { type: 'compatibility', feature: 'maxOutputTokens' } as const;

  it('names the setting under the block the model is written in', () => {
    const judge = { provider: 'openai', name: 'o3-mini', path: 'evaluations.model' };
    expect(describeProviderWarning(dropped, judge, { temperature: 0.3 })).toBe(
      'evaluations.model.temperature (0.3) is not applied as given to model o3-mini (openai): the AI SDK provider changed or dropped it (not for reasoning models)',
    );
    const second = { provider: 'anthropic', name: 'claude-x', path: 'models[1]' };
    expect(describeProviderWarning(limit, second, {})).toBe(
      "model claude-x (anthropic): models[1].max_tokens is not set, so the provider chose the output token limit sent: set models[1].max_tokens to the model's own limit",
    );
  });

  it('says model: without a path', () => {
    const text = describeProviderWarning(dropped, { provider: 'openai', name: 'o3-mini' }, {});
    expect(text).toMatch(/^model\.temperature is not applied as given/);
  });
});
