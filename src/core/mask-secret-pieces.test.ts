import { describe, expect, it } from 'vitest';
import { publicPrefixLength } from './mask-secret-pieces.js';
import { createRedactor } from './redactor.js';

const KEY = 'sk-proj-SECRETKEY1234567890abcdef';

describe('pieces of a key', () => {
  const redactor = createRedactor([{ name: 'MY_KEY', value: KEY }]);

  it('masks a key a provider quotes partly masked, all but one character shown', () => {
    const body = `Incorrect API key provided: ${KEY.slice(0, 28)}*${KEY.slice(-4)}`;
    expect(redactor.text(body)).toBe('Incorrect API key provided: ***MY_KEY*cdef');
    expect(redactor.text(JSON.stringify({ error: { message: body } }))).not.toContain('SECRETKEY');
  });

  it("masks the key's first characters followed by an ellipsis of dots, in any letter case", () => {
    expect(redactor.text(`key ${KEY.slice(0, 20)}...${KEY.slice(-4)} refused`)).toBe('key ***MY_KEY...cdef refused');
    expect(redactor.text(`KEY ${KEY.slice(0, 20).toUpperCase()}!`)).toBe('KEY ***MY_KEY!');
  });

  it("masks the key's last characters after what hides the rest", () => {
    expect(redactor.text(`sk-proj-****${KEY.slice(-12)}`)).toBe('sk-proj-*******MY_KEY');
    expect(redactor.text(`sk-...${KEY.slice(-8)}.`)).toBe('sk-...***MY_KEY.');
  });

  it('leaves pieces holding fewer than 8 characters beyond the leading words, as every key of a provider shares them', () => {
    for (const text of ['sk-proj-SECRETK', 'a sk-proj- key', 'sk-proj-****cdef', `sk-...${KEY.slice(-7)}`]) {
      expect(redactor.text(text)).toBe(text);
    }
    const anthropic = createRedactor([{ name: 'ANTHROPIC_API_KEY', value: 'sk-ant-api03-Abc123Def456Ghi789Jkl' }]);
    expect(anthropic.text('sk-ant-api03-Abc123D')).toBe('sk-ant-api03-Abc123D');
    expect(anthropic.text('sk-ant-api03-Abc123De...')).toBe('***ANTHROPIC_API_KEY...');
  });

  it('masks the pieces of a key written literally, not only of one from the environment', () => {
    const literal = createRedactor([{ name: 'model.api_key', value: KEY }]);
    expect(literal.text(`${KEY.slice(0, 25)}xxxx`)).toBe('***model.api_keyxxxx');
  });

  it('leaves the pieces of values that are not key-like: hosts, paths, passphrases', () => {
    const words = createRedactor([
      { name: 'AUTH_DOMAIN', value: 'login.example.com' },
      { name: 'PASSWORD_FILE', value: '/run/secrets/db_password' },
      { name: 'PASSPHRASE', value: 'CorrectHorseBatteryStaple' },
    ]);
    const text = 'see api.example.com, /run/secrets/other and CorrectHorseBattery';
    expect(words.text(text)).toBe(text);
    expect(words.text('login.example.com')).toBe('***AUTH_DOMAIN');
  });

  it('still masks the whole key and its base64 as before', () => {
    expect(redactor.text(`a ${KEY} b`)).toBe('a ***MY_KEY b');
    expect(redactor.text(Buffer.from(KEY).toString('base64'))).toBe('***MY_KEY');
  });
});

describe('publicPrefixLength', () => {
  it("counts a key's leading words, up to 16 characters", () => {
    expect(publicPrefixLength('sk-proj-abc123')).toBe(8);
    expect(publicPrefixLength('sk-ant-api03-abc123')).toBe(13);
    expect(publicPrefixLength('github_pat_11abc_def')).toBe(11);
    expect(publicPrefixLength('akiaabcdef123456')).toBe(0);
    expect(publicPrefixLength('abc-def-ghi-jkl-mno-pqr')).toBe(16);
  });
});
