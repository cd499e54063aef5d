import { describe, expect, it } from 'vitest';
import { AgentTurnError } from '../../core/errors.js';
import { ZERO_USAGE } from '../../core/token-usage.js';
import { classifyTurnFailure } from './classify-turn-failure.js';
import type { TurnFailure } from './turn-capture.js';

const at = { endpoint: 'http://127.0.0.1:9000' };
const failure = (overrides: Partial<TurnFailure>): TurnFailure => ({
  text: 'API Error: 500 boom',
  kind: null,
  status: null,
  retries: 0,
  usage: ZERO_USAGE,
  ...overrides,
});

describe('classifyTurnFailure', () => {
  it('an HTTP error: recoverable, with the endpoint and the retries spent', () => {
    const error = classifyTurnFailure(failure({ kind: 'server_error', status: 500, retries: 3 }), at);
    expect(error).toBeInstanceOf(AgentTurnError);
    expect(error).toMatchObject({ code: 'MODEL_HTTP_ERROR', unrecoverable: false });
    expect(error.message).toBe(
      'model request failed: API Error: 500 boom (anthropic, http://127.0.0.1:9000) — gave up after 3 retries',
    );
  });

  it('a rate limit', () => {
    const error = classifyTurnFailure(
      failure({ text: 'API Error: Request rejected (429) · slow down', kind: 'rate_limit', retries: 1 }),
      at,
    );
    expect(error).toMatchObject({ code: 'MODEL_HTTP_ERROR', unrecoverable: false });
    expect(error.message).toMatch(/gave up after 1 retry$/);
  });

  it('an authentication failure ends the session and says where the key comes from', () => {
    for (const given of [
      failure({ text: 'Invalid API key · Fix external API key', kind: 'authentication_failed' }),
      failure({ text: 'API Error: 403 forbidden', status: 403 }),
      failure({ text: 'Not logged in · Please run /login' }),
    ]) {
      const error = classifyTurnFailure(given, at);
      expect(error).toMatchObject({ code: 'MODEL_AUTH', unrecoverable: true });
      expect(error.message).toMatch(/— check model\.api_key or the ANTHROPIC_API_KEY environment variable$/);
    }
  });

  it('an endpoint that cannot be reached ends the session', () => {
    const error = classifyTurnFailure(
      failure({
        text: 'API Error: Connection refused — a firewall or proxy may be blocking it (ECONNREFUSED)',
        kind: 'unknown',
      }),
      at,
    );
    expect(error).toMatchObject({ code: 'MODEL_UNREACHABLE', unrecoverable: true });
    expect(error.message).toMatch(
      /\(anthropic, http:\/\/127\.0\.0\.1:9000\) — check model\.endpoint and that the server is running$/,
    );
  });

  it('a dropped connection, and anything else', () => {
    const dropped = failure({ text: 'API Error: Connection to the API was lost (ECONNRESET).', kind: 'server_error' });
    expect(classifyTurnFailure(dropped, at)).toMatchObject({ code: 'MODEL_CONNECTION', unrecoverable: false });
    const other = failure({ text: '[ede_diagnostic] result_type=user' });
    expect(classifyTurnFailure(other, at)).toMatchObject({ code: 'MODEL_ERROR', unrecoverable: false });
  });
});
