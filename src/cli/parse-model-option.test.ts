import { describe, expect, it } from 'vitest';
import { parseModelOption } from './parse-model-option.js';

describe('parseModelOption', () => {
  it.each([
    ['openai:gpt-4o-mini', 'openai', 'gpt-4o-mini'],
    ['ollama:llama3.2:1b', 'ollama', 'llama3.2:1b'],
    ['anthropic: claude-sonnet-4-5 ', 'anthropic', 'claude-sonnet-4-5'],
    ['openai_compatible:org/model:q4', 'openai_compatible', 'org/model:q4'],
  ])('%s → %s / %s', (text, provider, name) => {
    expect(parseModelOption(text)).toEqual({ ok: true, value: { provider, name } });
  });

  it.each([
    ['gpt-4o', /names no provider/],
    ['llama3.2:1b', /unknown provider "llama3.2"/],
    ['openai:', /names no model/],
    [':gpt-4o', /unknown provider ""/],
  ])('refuses %s', (text, reason) => {
    const parsed = parseModelOption(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.message).toMatch(reason);
      expect(parsed.message).toContain('PROVIDER:NAME');
    }
  });
});
