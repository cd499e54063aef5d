import { describe, expect, it } from 'vitest';
import { chooseModel } from './init-command.js';

describe('chooseModel', () => {
  it('defaults to ollama and llama3.2, which need no API key', () => {
    expect(chooseModel({})).toEqual({ ok: true, provider: 'ollama', model: 'llama3.2' });
  });

  it('keeps the default provider for --model alone, and picks a model for --provider alone', () => {
    expect(chooseModel({ model: 'qwen2.5:7b' })).toEqual({ ok: true, provider: 'ollama', model: 'qwen2.5:7b' });
    expect(chooseModel({ provider: 'openai' })).toEqual({ ok: true, provider: 'openai', model: 'gpt-4o-mini' });
    expect(chooseModel({ provider: 'anthropic' })).toEqual({
      ok: true,
      provider: 'anthropic',
      model: 'claude-haiku-4-5',
    });
    expect(chooseModel({ provider: 'azure_openai', model: ' my-deployment ' })).toEqual({
      ok: true,
      provider: 'azure_openai',
      model: 'my-deployment',
    });
  });

  it('refuses an unknown provider, listing the known ones', () => {
    expect(chooseModel({ provider: 'gemini' })).toEqual({
      ok: false,
      message:
        'unknown provider "gemini" for --provider; use one of ollama, openai, anthropic, azure_openai, openai_compatible',
    });
    expect(chooseModel({ provider: 'toString' }).ok).toBe(false);
    expect(chooseModel({ provider: 'OpenAI' })).toMatchObject({
      message: expect.stringContaining('unknown provider "OpenAI" for --provider; did you mean `openai`? use one of'),
    });
  });

  it('refuses a model name with a line break or another control character', () => {
    expect(chooseModel({ model: 'a\nb' })).toEqual({
      ok: false,
      message: '--model holds a control character (U+000A); give a model name on one line',
    });
    expect(chooseModel({ model: 'gpt\u0007' }).ok).toBe(false);
    expect(chooseModel({ model: 'qwen2.5:7b-instruct' }).ok).toBe(true);
  });

  it('refuses a blank model', () => {
    expect(chooseModel({ model: '  ' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('--model is blank'),
    });
  });
});
