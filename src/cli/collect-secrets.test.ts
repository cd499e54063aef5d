import { describe, expect, it } from 'vitest';
import type { AgentConfig, McpToolConfig } from '../core/config-types.js';
import { collectSecrets, looksLikeCredentialName } from './collect-secrets.js';

function mcp(extra: Partial<McpToolConfig>): McpToolConfig {
  return {
    type: 'mcp',
    name: 'fin',
    command: 'node',
    args: [],
    env: {},
    cwd: null,
    url: null,
    headers: {},
    include: null,
    exclude: [],
    prefix: '',
    ...extra,
  };
}

function config(extra: Partial<AgentConfig>): AgentConfig {
  return {
    name: 'a',
    description: null,
    model: null,
    backend: { type: 'ai_sdk' },
    instructions: '',
    tools: [],
    evaluations: { model: null, metrics: [] },
    execution: { redact: [] } as unknown as AgentConfig['execution'],
    test_cases: [],
    config_path: '/x/agent.yaml',
    base_dir: '/x',
    ...extra,
  } as AgentConfig;
}

const byName = (set: ReturnType<typeof collectSecrets>) =>
  Object.fromEntries(set.secrets.map((secret) => [secret.name, secret.value]));

describe('collectSecrets', () => {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: names the config's ${VAR} syntax, not a template
  it('takes ${VAR} values in credential positions whatever the variable is called', () => {
    const env = { MY_HEADER_VALUE: 'header-canary-1', SERVER_ARG: 'arg-canary-22', PLAIN_URL: 'http://h:1/v1' };
    const cfg = config({
      tools: [mcp({ args: ['serve', 'arg-canary-22'], headers: { x: 'header-canary-1' } })],
      model: {
        provider: 'openai',
        name: 'm',
        endpoint: 'http://h:1/v1',
        api_key: null,
        temperature: null,
        max_tokens: null,
        api_version: null,
      },
      env_references: [
        { path: ['tools', 0, 'headers', 'x'], name: 'MY_HEADER_VALUE' },
        { path: ['tools', 0, 'args', 1], name: 'SERVER_ARG' },
        { path: ['model', 'endpoint'], name: 'PLAIN_URL' },
      ],
    });
    const found = byName(collectSecrets(cfg, env));
    expect(found['MY_HEADER_VALUE']).toBe('header-canary-1');
    expect(found['SERVER_ARG']).toBe('arg-canary-22');
    expect(found).not.toHaveProperty('PLAIN_URL');
  });

  it('takes URL userinfo and credential query parameters, not other query parameters', () => {
    const cfg = config({
      tools: [mcp({ command: null, url: 'https://bob:pass-word-9@h/mcp?sig=sig-canary-77&api-version=2024-10-21' })],
    });
    const found = byName(collectSecrets(cfg, {}));
    expect(found).toMatchObject({ 'tools.fin.url.password': 'pass-word-9', 'tools.fin.url?sig': 'sig-canary-77' });
    expect(Object.values(found)).not.toContain('2024-10-21');
  });

  it('takes a URL user name that stands alone (a token as userinfo), but not a plain word', () => {
    const cfg = config({
      model: { provider: 'openai', name: 'm', endpoint: 'https://tok-A1b2C3d4E5@gw/v1' } as AgentConfig['model'],
      tools: [mcp({ command: null, url: 'https://bob@h/mcp' })],
    });
    const found = byName(collectSecrets(cfg, {}));
    expect(found).toMatchObject({ 'model.endpoint.username': 'tok-A1b2C3d4E5' });
    expect(Object.values(found)).not.toContain('bob');
  });

  it("takes the credentials of the providers' endpoint variables, OLLAMA_HOST without a scheme too", () => {
    const env = {
      OPENAI_BASE_URL: 'http://bob:pwSECRET0123456789@127.0.0.1:1/v1',
      ANTHROPIC_BASE_URL: 'https://TOKEN0123456789ab@gw/anthropic',
      AZURE_OPENAI_ENDPOINT: 'https://r.openai.azure.com/?api-key=azure-canary-1234',
      OLLAMA_HOST: 'u:ollama-pw-98765@127.0.0.1:11434',
    };
    expect(byName(collectSecrets(null, env))).toMatchObject({
      'OPENAI_BASE_URL.password': 'pwSECRET0123456789',
      'ANTHROPIC_BASE_URL.username': 'TOKEN0123456789ab',
      'AZURE_OPENAI_ENDPOINT?api-key': 'azure-canary-1234',
      'OLLAMA_HOST.password': 'ollama-pw-98765',
    });
  });

  it('takes provider keys, credential-named variables, and the names asked for', () => {
    const env = {
      OPENAI_API_KEY: 'sk-openai-123',
      GH_PAT: 'ghp_canary_456',
      SESSION_ID: 'sess-canary-789',
      TOKENIZERS_PARALLELISM: 'false',
      KEYBOARD_LAYOUT: 'us-international',
      WEIRD: 'weird-canary-000',
    };
    const set = collectSecrets(config({ execution: { redact: ['WEIRD'] } as never }), env, ['MISSING']);
    expect(byName(set)).toEqual({
      OPENAI_API_KEY: 'sk-openai-123',
      GH_PAT: 'ghp_canary_456',
      SESSION_ID: 'sess-canary-789',
      WEIRD: 'weird-canary-000',
    });
    expect(set.warnings).toEqual(['asked to redact, but not set: MISSING']);
  });

  it('never masks short or plain values, and names (not shows) the variable it skipped', () => {
    const env = { API_TOKEN: 'false', DB_PASSWORD: '12345678', SHORT_KEY: 'ab1', WORD_SECRET: 'enabled' };
    const set = collectSecrets(null, env);
    expect(set.secrets).toEqual([]);
    expect(set.warnings).toEqual([
      'not masked, too short or too plain to be secrets: API_TOKEN, DB_PASSWORD, SHORT_KEY, WORD_SECRET',
    ]);
  });

  it('masks letters-only passphrases (20 letters and more), not words, whatever their case', () => {
    const env = {
      DB_PASSWORD: 'CorrectHorseBatteryStaple',
      LONG_SECRET: 'correcthorsebatterystaple',
      WORD_KEY: 'Production',
      AUTH_PROVIDER: 'GitHub',
      ENGINE_TOKEN: 'PostgreSQL',
    };
    const set = collectSecrets(null, env);
    expect(set.secrets.map((secret) => secret.name).sort()).toEqual(['DB_PASSWORD', 'LONG_SECRET']);
    expect(set.warnings).toEqual([
      'not masked, too short or too plain to be secrets: WORD_KEY, AUTH_PROVIDER, ENGINE_TOKEN',
    ]);
    const literal = config({
      tools: [mcp({ env: { LIT_PASSWORD: 'LiteralLettersOnlyPassphrase', MODE: 'readOnly' } })],
    });
    expect(collectSecrets(literal, {}).secrets.map((secret) => secret.value)).toEqual(['LiteralLettersOnlyPassphrase']);
    const word = config({ tools: [mcp({ env: { DB_PASSWORD: 'hunter', LOG_LEVEL: 'verbose' } })] });
    expect(collectSecrets(word, {}).warnings).toEqual([
      'not masked, too short or too plain to be secrets: DB_PASSWORD',
    ]);
  });

  it('takes a URL password with a bare % as written, without failing', () => {
    const cfg = config({ tools: [mcp({ url: 'http://alice:pass100%word@127.0.0.1:9/mcp' })] });
    expect(collectSecrets(cfg, {}).secrets.map((secret) => secret.value)).toContain('pass100%word');
  });

  it('takes credentials written in the configuration itself', () => {
    const cfg = config({
      tools: [
        mcp({ args: ['--api-key', 'literal-key-1', '--token=literal-tok-2'], env: { DB_URL: 'postgres://u:p@h/db' } }),
      ],
    });
    const found = collectSecrets(cfg, {}).secrets.map((secret) => secret.value);
    expect(found).toEqual(expect.arrayContaining(['literal-key-1', 'literal-tok-2', 'postgres://u:p@h/db']));
  });

  it("does not take holodeck's own settings for credentials", () => {
    const set = collectSecrets(null, {
      HOLODECK_MIN_PASS_RATE: '0.5',
      HOLODECK_CACHE: 'true',
      GH_PAT: 'ghp_0123456789',
    });
    expect(set.secrets.map((secret) => secret.name)).toEqual(['GH_PAT']);
    expect(set.warnings).toEqual([]);
  });

  it('takes the password of a connection string and a bearer token passed as MCP args', () => {
    const cfg = config({
      tools: [
        mcp({
          args: [
            'server.js',
            'postgresql://reader:pgPassw0rd777@db.example.com:5432/finance',
            '--url=https://svc:s3cretPw99@api.example.com/v1',
            '--header',
            'Authorization: Bearer tok_live_abcdef123456',
            'https://docs.example.com/page',
          ],
        }),
      ],
    });
    const found = collectSecrets(cfg, {}).secrets.map((secret) => secret.value);
    expect(found).toEqual(expect.arrayContaining(['pgPassw0rd777', 's3cretPw99', 'tok_live_abcdef123456']));
    expect(found).not.toContain('https://docs.example.com/page');
  });

  it('takes the value of an environment assignment passed as an MCP arg (docker run -e NAME=value)', () => {
    const args = [
      'run',
      '-i',
      '-e',
      'GITHUB_PERSONAL_ACCESS_TOKEN=ghp_R3alLook1ngT0ken',
      'API_KEY=k-12345678',
      'MODE=fast-mode-1',
      '--env=GITHUB_TOKEN=ghp_BBBBsecret222222',
      '--env=LOG_LEVEL=debug-level-9',
    ];
    const found = collectSecrets(config({ tools: [mcp({ command: 'docker', args })] }), {}).secrets;
    expect(found.map((secret) => secret.value)).toEqual(['ghp_R3alLook1ngT0ken', 'k-12345678', 'ghp_BBBBsecret222222']);
    expect(found[0]?.name).toBe('tools.fin.args');
  });
});

describe('looksLikeCredentialName', () => {
  it.each([
    ['GH_PAT', true],
    ['OPENAI_API_KEY', true],
    ['apiKey', true],
    ['x-auth-token', true],
    ['TOKENIZERS_PARALLELISM', false],
    ['KEYBOARD', false],
    ['PATH', false],
  ])('%s → %s', (name, expected) => {
    expect(looksLikeCredentialName(name)).toBe(expected);
  });
});
