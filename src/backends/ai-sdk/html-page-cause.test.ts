import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { classifyModelError } from './classify-model-error.js';
import { htmlPageCause } from './html-page-cause.js';

const context = { provider: 'openai', endpoint: 'http://127.0.0.1:9/v1' };
const url = 'http://127.0.0.1:9/v1/chat/completions';
const PAGE = `<!DOCTYPE html>\n<html>\n<head>\n<title>Service Unavailable</title>\n<style>body{font-family:sans-serif}${'x{}'.repeat(3000)}</style>\n</head>\n<body>\n<h1>Service Unavailable</h1>\n${'<p>line</p>\n'.repeat(500)}</body></html>`;

function httpError(statusCode: number, responseBody: string) {
  return new APICallError({ message: 'Service Unavailable', url, requestBodyValues: {}, statusCode, responseBody });
}

describe('an HTML error page', () => {
  it('is said by its title, not quoted as markup, and still retried', () => {
    const verdict = classifyModelError(httpError(503, PAGE), context);
    expect(verdict.message).toBe(`model request failed: 503 Service Unavailable (an HTML page) (openai, ${url})`);
    expect(verdict.retryable).toBe(true);
  });

  it('falls back to the first heading, then to saying it is an HTML page; the title is bounded and read as text', () => {
    expect(htmlPageCause('<html><body><h1>502 <b>Bad</b> Gateway</h1></body></html>')).toBe(
      '502 Bad Gateway (an HTML page)',
    );
    expect(htmlPageCause('<html><body><p>nothing</p></body></html>')).toBe('an HTML page');
    expect(htmlPageCause('<html><head><title>A &amp; B &lt;x&gt;</title></head></html>')).toBe(
      'A & B <x> (an HTML page)',
    );
    const long = htmlPageCause(`<html><title>${'word '.repeat(100)}</title></html>`) ?? '';
    expect(long.length).toBeLessThan(140);
    expect(long).toMatch(/… \(an HTML page\)$/);
  });

  it('leaves other bodies to be quoted as before', () => {
    expect(htmlPageCause('upstream connect error')).toBeNull();
    expect(classifyModelError(httpError(500, 'upstream connect error'), context).message).toBe(
      `model request failed: 500 upstream connect error (openai, ${url})`,
    );
  });
});
