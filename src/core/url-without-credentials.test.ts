import { describe, expect, it } from 'vitest';
import { urlWithoutCredentials } from './url-without-credentials.js';

describe('urlWithoutCredentials', () => {
  it('hides the user, the password and the query of a URL, parsed or not', () => {
    expect(urlWithoutCredentials('http://user:supersecret99@exa mple.com/v1')).toBe('http://***@exa mple.com/v1');
    expect(urlWithoutCredentials('http://[::1/v1?key=QUERYSECRET88')).toBe('http://[::1/v1?***');
    expect(urlWithoutCredentials('ftp://h/x#token=abc')).toBe('ftp://h/x#***');
    expect(urlWithoutCredentials('http://127.0.0.1:99999/v1')).toBe('http://127.0.0.1:99999/v1');
  });
});
