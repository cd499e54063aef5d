import { describe, expect, it } from 'vitest';
import { createRedactor, isSecretKey, REDACTED, redactSecrets } from './redact-secrets.js';

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

describe('isSecretKey', () => {
  it.each([
    'api_key',
    'apiKey',
    'apikey',
    'OPENAI_API_KEY',
    'x-api-key',
    'token',
    'access_token',
    'bearerToken',
    'password',
    'db_password',
    'client_secret',
    'Authorization',
    'proxy-authorization',
    'cookie',
    'private_key',
    'credentials',
    'basic_auth',
  ])('%s is a secret key', (key) => {
    expect(isSecretKey(key)).toBe(true);
  });

  it.each([
    'max_tokens',
    'token_usage',
    'prompt_tokens',
    'name',
    'key',
    'keys',
    'monkey',
    'auth_type',
    'tokenizer',
    'passed',
  ])('%s is not', (key) => {
    expect(isSecretKey(key)).toBe(false);
  });
});

describe('redactSecrets', () => {
  it('replaces values under secret keys at any depth, keeping nulls and other fields', () => {
    const config = deepFreeze({
      name: 'agent',
      model: { provider: 'openai', api_key: 'sk-live-123', max_tokens: 1000, temperature: 0 },
      evaluations: { model: { api_key: null } },
      nested: [{ session: { token: 'abc', scheme: 'bearer' } }, { auth: { user: 'u' } }],
    });
    expect(redactSecrets(config)).toEqual({
      name: 'agent',
      model: { provider: 'openai', api_key: REDACTED, max_tokens: 1000, temperature: 0 },
      evaluations: { model: { api_key: null } },
      nested: [{ session: { token: REDACTED, scheme: 'bearer' } }, { auth: REDACTED }],
    });
  });

  it('replaces every value of MCP tool headers and env, keeping their names', () => {
    const tools = deepFreeze([
      {
        type: 'mcp',
        name: 'fin',
        headers: { 'X-Trace': 'on', Authorization: 'Bearer q' },
        env: { DB_URL: 'pg://u:p@h' },
      },
    ]);
    expect(redactSecrets(tools)).toEqual([
      {
        type: 'mcp',
        name: 'fin',
        headers: { 'X-Trace': REDACTED, Authorization: REDACTED },
        env: { DB_URL: REDACTED },
      },
    ]);
  });

  it('replaces known secret values wherever they appear, also inside longer strings', () => {
    const value = deepFreeze({
      endpoint: 'https://host/v1?key=s3cr3t-value',
      note: 's3cr3t-value',
      list: ['a', 'tok-999', 42],
    });
    expect(redactSecrets(value, ['s3cr3t-value', 'tok-999', ''])).toEqual({
      endpoint: `https://host/v1?key=${REDACTED}`,
      note: REDACTED,
      list: ['a', REDACTED, 42],
    });
  });

  it('treats secrets as literal text, replacing the longest match whole', () => {
    expect(redactSecrets(['x p@ss+w(1) y', 'abc', 'abcdef'], ['p@ss+w(1)', 'abc', 'abcdef'])).toEqual([
      `x ${REDACTED} y`,
      REDACTED,
      REDACTED,
    ]);
    expect(redactSecrets('a.b', ['.'])).toBe(`a${REDACTED}b`);
  });

  it('replaces the values of secret options in argument lists', () => {
    const argv = ['test', '--api-key', 'sk-1', '--token=abc', '--output', 'r.json', '-v'];
    expect(redactSecrets(argv)).toEqual([
      'test',
      '--api-key',
      REDACTED,
      `--token=${REDACTED}`,
      '--output',
      'r.json',
      '-v',
    ]);
  });

  it('never mutates its input and returns plain JSON', () => {
    const input = { api_key: 'k', fn: () => 1, when: new Date(0), re: /a+/g, list: [undefined] };
    const copy = { ...input };
    const output = redactSecrets(input);
    expect(input).toEqual(copy);
    expect(output).toEqual({ api_key: REDACTED, when: '1970-01-01T00:00:00.000Z', re: '/a+/g', list: [null] });
  });

  it('copes with cycles', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a['self'] = a;
    expect(redactSecrets(a)).toEqual({ name: 'a', self: '[Circular]' });
  });

  it('leaves no secret anywhere in a realistic config snapshot', () => {
    const secrets = ['sk-proj-AAAA1111', 'mcp-header-secret', 'env-secret-value'];
    const snapshot = {
      model: { provider: 'openai', name: 'gpt-4o-mini', api_key: 'sk-proj-AAAA1111', endpoint: null },
      tools: [{ type: 'mcp', headers: { 'x-custom': 'mcp-header-secret' }, env: { SECRET_THING: 'env-secret-value' } }],
      instructions: 'Use key sk-proj-AAAA1111 never',
    };
    const text = JSON.stringify(redactSecrets(snapshot, secrets));
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).toContain('"name":"gpt-4o-mini"');
  });
});

describe('createRedactor', () => {
  it('redacts like redactSecrets, for runtime values and for plain JSON', () => {
    const redactor = createRedactor(['sk-123456']);
    const value = { api_key: 'x', note: 'key sk-123456 here', list: ['--token', 'abc'], n: 1 };
    expect(redactor.value(value)).toEqual(redactSecrets(value, ['sk-123456']));
    expect(redactor.json({ note: 'sk-123456', nested: [{ password: 'p' }] })).toEqual({
      note: '[REDACTED]',
      nested: [{ password: '[REDACTED]' }],
    });
    expect(createRedactor().json({ keep: 'sk-123456' })).toEqual({ keep: 'sk-123456' });
  });
});
