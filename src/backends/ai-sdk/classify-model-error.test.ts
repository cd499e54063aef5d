import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { classifyModelError } from './classify-model-error.js';

const context = { provider: 'openai', endpoint: 'http://127.0.0.1:9/v1' };
const url = 'http://127.0.0.1:9/v1/chat/completions';

function httpError(
  statusCode: number,
  responseBody: string,
  message = 'Bad Request',
  headers?: Record<string, string>,
) {
  return new APICallError({
    message,
    url,
    requestBodyValues: {},
    statusCode,
    responseBody,
    ...(headers === undefined ? {} : { responseHeaders: headers }),
  });
}

function networkError(code: string) {
  const cause = Object.assign(new Error(`connect ${code} 127.0.0.1:9`), { code });
  return new APICallError({
    message: `Cannot connect to API: ${cause.message}`,
    url,
    requestBodyValues: {},
    cause,
    isRetryable: true,
  });
}

/** The SDK's error for a 200 response it could not read, with what went wrong as its cause. */
function readFailure(message: string, cause: Error): APICallError {
  return new APICallError({ message, url, requestBodyValues: {}, statusCode: 200, cause });
}

describe('classifyModelError', () => {
  it('ends the session on a 429 that says the quota is spent, with no retry, and retries a rate limit', () => {
    const body = JSON.stringify({ error: { message: 'You exceeded your current quota', code: 'insufficient_quota' } });
    const spent = classifyModelError(httpError(429, body, 'Too Many Requests'), context);
    expect(spent).toMatchObject({ retryable: false, auth_failure: true, code: 'MODEL_HTTP_ERROR' });
    expect(spent.message).toMatch(
      /^model request failed: 429 You exceeded your current quota .*; the account has no quota left: no retry can help$/,
    );
    const limited = classifyModelError(
      httpError(429, '{"error":{"message":"slow down"}}', 'Too Many Requests'),
      context,
    );
    expect(limited).toMatchObject({ retryable: true, auth_failure: false });
  });

  it('retries 408, 409, 429 and 5xx, keeping the headers for retry-after', () => {
    for (const status of [408, 409, 429, 500, 502, 503, 504, 529, 599]) {
      const verdict = classifyModelError(httpError(status, '', 'x', { 'retry-after': '1' }), context);
      expect(verdict.retryable).toBe(true);
      expect(verdict.retry_after_headers).toEqual({ 'retry-after': '1' });
    }
  });

  it('does not retry other 4xx, and marks 401/403 as auth failures with a hint', () => {
    expect(classifyModelError(httpError(400, ''), context)).toMatchObject({
      retryable: false,
      auth_failure: false,
      code: 'MODEL_HTTP_ERROR',
    });
    expect(classifyModelError(httpError(404, ''), context).retryable).toBe(false);
    const auth = classifyModelError(httpError(403, '{"error":{"message":"key revoked"}}'), context);
    expect(auth).toMatchObject({ retryable: false, auth_failure: true, code: 'MODEL_AUTH' });
    expect(auth.message).toBe(
      `model request failed: 403 key revoked (openai, ${url}) — check model.api_key or the openai API key in the environment`,
    );
    const matrixEntry = classifyModelError(httpError(401, ''), { ...context, model_path: 'models[1]' });
    expect(matrixEntry.message).toMatch(/ — check models\[1\]\.api_key or the openai API key in the environment$/);
  });

  it('takes the provider message from the body in every common shape', () => {
    const message = (body: string) => classifyModelError(httpError(400, body, 'Bad Request'), context).message;
    expect(message('{"error":{"message":"max_tokens too large"}}')).toContain('400 max_tokens too large');
    expect(message('{"type":"error","error":{"type":"invalid_request_error","message":"bad role"}}')).toContain(
      '400 bad role',
    );
    expect(message('{"error":"model \'x\' not found"}')).toContain("400 model 'x' not found");
    expect(message('{"message":"nope"}')).toContain('400 nope');
    expect(message('upstream exploded')).toContain('400 upstream exploded');
    expect(message('')).toContain('400 Bad Request');
  });

  it('treats refused connections as unreachable and resets as connection errors, both retryable', () => {
    expect(classifyModelError(networkError('ECONNREFUSED'), context)).toMatchObject({
      retryable: true,
      unreachable: true,
      code: 'MODEL_UNREACHABLE',
      message: `cannot reach the model endpoint: ECONNREFUSED (openai, ${url})`,
    });
    // A local Ollama that is not running is said how to start.
    expect(classifyModelError(networkError('ECONNREFUSED'), { ...context, provider: 'ollama' }).message).toBe(
      `cannot reach the model endpoint: ECONNREFUSED (ollama, ${url}) — is Ollama running? Start it with \`ollama serve\`, or point OLLAMA_HOST (or model.endpoint) at it`,
    );
    expect(classifyModelError(networkError('ECONNRESET'), context)).toMatchObject({
      retryable: true,
      unreachable: false,
      code: 'MODEL_CONNECTION',
    });
  });

  it('treats a response cut off mid-way as retryable', () => {
    const cut = readFailure('Failed to process successful response', new TypeError('terminated'));
    expect(classifyModelError(cut, context)).toMatchObject({ retryable: true, code: 'MODEL_STREAM' });
    expect(classifyModelError(cut, context).message).toBe(`model response was cut off: terminated (openai, ${url})`);
    expect(classifyModelError(new TypeError('terminated'), context)).toMatchObject({
      retryable: true,
      code: 'MODEL_STREAM',
    });
    const noFinish = Object.assign(new Error('No output generated.'), { name: 'AI_NoOutputGeneratedError' });
    expect(classifyModelError(noFinish, context).retryable).toBe(true);
  });

  it('says a whole answer that cannot be read could not be read, not that it was cut off, and retries it', () => {
    const text = '<html>\n<body>gateway</body>\n</html>';
    const parse = Object.assign(new Error(`JSON parsing failed: Text: ${text}.\nError message: Unexpected token`), {
      name: 'AI_JSONParseError',
      text,
    });
    const html = readFailure('Invalid JSON response', parse);
    expect(classifyModelError(html, context)).toMatchObject({ retryable: true, code: 'MODEL_STREAM' });
    expect(classifyModelError(html, context).message).toBe(
      `model response could not be read: an answer that is not JSON: "<html>\\n<body>gateway</body>\\n</html>" (openai, ${url})`,
    );
    const empty = Object.assign(new Error('Response did not contain any choices.'), {
      name: 'AI_InvalidResponseDataError',
    });
    expect(classifyModelError(empty, context).message).toBe(
      `model response could not be read: an answer with no choices (openai, ${context.endpoint}/chat/completions)`,
    );
  });

  it('follows the SDK when it marks an error without a status as retryable', () => {
    const flaky = new APICallError({ message: 'socket hang up', url, requestBodyValues: {}, isRetryable: true });
    expect(classifyModelError(flaky, context)).toMatchObject({ retryable: true, code: 'MODEL_CONNECTION' });
  });

  it('does not retry anything else, and uses the configured endpoint when the error has no URL', () => {
    expect(classifyModelError(new Error('unsupported file type'), context)).toEqual({
      retryable: false,
      auth_failure: false,
      unreachable: false,
      retry_after_headers: undefined,
      code: 'MODEL_ERROR',
      message: 'model request failed: unsupported file type (openai, http://127.0.0.1:9/v1)',
    });
    expect(classifyModelError('text part 1 not found', context).message).toContain('text part 1 not found');
  });
});
