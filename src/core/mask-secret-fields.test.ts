import { describe, expect, it } from 'vitest';
import { SNAPSHOT_WITH_SECRETS as snapshot } from '../../test/support/config-snapshot-with-secrets.js';
import { maskSecretFields } from './mask-secret-fields.js';

describe('maskSecretFields', () => {
  it('redacts credential fields and every header and environment value, and keeps the rest', () => {
    expect(maskSecretFields(snapshot)).toEqual({
      name: 'agent',
      model: { provider: 'openai', name: 'gpt-4o', api_key: '[redacted]', max_tokens: 100 },
      tools: [{ type: 'mcp', name: 'gh', headers: { 'X-Trace': '[redacted]' }, env: { GITHUB_TOKEN: '[redacted]' } }],
      execution: { auth_token: '[redacted]', token: '[redacted]', empty_secret: '', results_dir: 'runs' },
    });
  });
});
