import { describe, expect, it } from 'vitest';
import { buildClaudeEnv } from './claude-env.js';
import type { ScratchDirs } from './scratch-dirs.js';

const dirs: ScratchDirs = {
  root: '/tmp/s',
  home: '/tmp/s/home',
  config: '/tmp/s/home/.claude',
  tmp: '/tmp/s/tmp',
  work: '/tmp/s/work',
};
const model = {
  model: 'm',
  base_url: 'http://127.0.0.1:9',
  api_key: 'k',
  endpoint: 'http://127.0.0.1:9',
  max_output_tokens: 800,
};

describe('buildClaudeEnv', () => {
  it('is the whole environment: scratch folders, endpoint, key, retry budget, no background traffic', () => {
    const env = buildClaudeEnv({
      parent: {
        PATH: '/usr/bin',
        HTTPS_PROXY: 'http://proxy:3128',
        HOME: '/root',
        OPENAI_API_KEY: 'secret',
        AWS_PROFILE: 'x',
      },
      dirs,
      model,
      max_retries: 2,
    });
    expect(env).toEqual({
      PATH: '/usr/bin',
      HTTPS_PROXY: 'http://proxy:3128',
      HOME: '/tmp/s/home',
      CLAUDE_CONFIG_DIR: '/tmp/s/home/.claude',
      TMPDIR: '/tmp/s/tmp',
      XDG_CONFIG_HOME: '/tmp/s/home/.config',
      XDG_CACHE_HOME: '/tmp/s/home/.cache',
      XDG_DATA_HOME: '/tmp/s/home/.local/share',
      XDG_STATE_HOME: '/tmp/s/home/.local/state',
      ANTHROPIC_API_KEY: 'k',
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:9',
      CLAUDE_CODE_MAX_RETRIES: '2',
      CLAUDE_CODE_MAX_OUTPUT_TOKENS: '800',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
      DISABLE_AUTOUPDATER: '1',
      CLAUDE_AGENT_SDK_CLIENT_APP: 'holodeck',
    });
  });

  it('leaves ANTHROPIC_BASE_URL and the output limit unset when the config has none', () => {
    const env = buildClaudeEnv({
      parent: {},
      dirs,
      model: { ...model, base_url: null, max_output_tokens: null },
      max_retries: 0,
    });
    expect(env['ANTHROPIC_BASE_URL']).toBeUndefined();
    expect(env['CLAUDE_CODE_MAX_OUTPUT_TOKENS']).toBeUndefined();
    expect(env['CLAUDE_CODE_MAX_RETRIES']).toBe('0');
  });
});
