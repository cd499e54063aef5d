import { describe, expect, it } from 'vitest';
import { maskConfigSnapshot, maskUrlCredentials } from './mask-config-snapshot.js';

describe('maskUrlCredentials', () => {
  it("redacts a URL's password, its unplain user name and its credential query values, whatever their length", () => {
    expect(maskUrlCredentials('http://root:pw@host/v1')).toBe('http://root:[redacted]@host/v1');
    expect(maskUrlCredentials('https://tok-0123456789@gw/v1')).toBe('https://[redacted]@gw/v1');
    expect(maskUrlCredentials('https://h/v1?api-key=k&sig=s&code=c&region=eu#top')).toBe(
      'https://h/v1?api-key=[redacted]&sig=[redacted]&code=[redacted]&region=eu#top',
    );
    expect(maskUrlCredentials('use http://h/x?token=t1 and ftp://a:b@c')).toBe(
      'use http://h/x?token=[redacted] and ftp://a:[redacted]@c',
    );
    expect(maskUrlCredentials('http://host:8080/v1?region=eu')).toBe('http://host:8080/v1?region=eu');
  });

  it('leaves what the writer masked already as it is', () => {
    const written = 'http://admin:***model.endpoint.password@h/v1?api-key=***model.endpoint?api-key';
    expect(maskUrlCredentials(written)).toBe(written);
  });
});

describe('maskConfigSnapshot', () => {
  it('redacts credentials in MCP args where they stand, and the credential fields as maskSecretFields does', () => {
    const args = [
      '--token',
      'abc',
      '--api-key=k1',
      '-e',
      'GITHUB_TOKEN=g1',
      '--env=NPM_TOKEN=n1',
      'postgresql://u:pw@db/x',
      'Authorization: Bearer b1',
      '--region',
      'eu',
      '--verbose',
    ];
    const masked = maskConfigSnapshot({
      model: { name: 'm', api_key: 'ollama', endpoint: 'http://u:p@h' },
      tools: [{ name: 'db', args, env: { A: 'x' } }],
      test_cases: ['login'],
    });
    expect(masked).toEqual({
      model: { name: 'm', api_key: '[redacted]', endpoint: 'http://u:[redacted]@h' },
      tools: [
        {
          name: 'db',
          args: [
            '--token',
            '[redacted]',
            '--api-key=[redacted]',
            '-e',
            'GITHUB_TOKEN=[redacted]',
            '--env=NPM_TOKEN=[redacted]',
            'postgresql://u:[redacted]@db/x',
            'Authorization: Bearer [redacted]',
            '--region',
            'eu',
            '--verbose',
          ],
          env: { A: '[redacted]' },
        },
      ],
      test_cases: ['login'],
    });
  });
});
