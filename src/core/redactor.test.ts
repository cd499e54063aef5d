import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRedactor, encodings } from './redactor.js';

describe('createRedactor', () => {
  const redactor = createRedactor([
    { name: 'OPENAI_API_KEY', value: 'sk-live-0123456789' },
    { name: 'GH_PAT', value: 'ghp_a<b>&"c\'d e/f+g' },
  ]);

  it('masks a value wherever it appears, naming where it came from', () => {
    expect(redactor.text('key=sk-live-0123456789; again sk-live-0123456789!')).toBe(
      'key=***OPENAI_API_KEY; again ***OPENAI_API_KEY!',
    );
  });

  it('masks the encodings outputs give a value: JSON, HTML/XML, Markdown, URL, base64', () => {
    const value = 'ghp_a<b>&"c\'d e/f+g';
    const forms = [
      JSON.stringify(value).slice(1, -1),
      'ghp_a&lt;b&gt;&amp;&quot;c&#39;d e/f+g',
      'ghp_a&lt;b&gt;&amp;"c\'d e/f+g',
      'ghp\\_a&lt;b&gt;&amp;"c\'d e/f+g',
      encodeURIComponent(value),
      encodeURIComponent(value).replace(/%20/g, '+'),
      Buffer.from(value).toString('base64'),
      Buffer.from(value).toString('base64url'),
    ];
    for (const form of forms) expect(redactor.text(`<<${form}>>`), form).toBe('<<***GH_PAT>>');
  });

  it('masks a value base64-encoded after other bytes, at each alignment, as HTTP Basic auth encodes a password', () => {
    for (const key of ['sk-live-0123456789abcdef', 'sk-live-0123456789abcdefg', 'sk-live-0123456789abcdefgh']) {
      const one = createRedactor([{ name: 'API_KEY', value: key }]);
      for (const before of ['', 'x', 'xy', 'user:', 'Authorization user ']) {
        for (const after of ['', '!', '?!', ' and more']) {
          for (const encoding of ['base64', 'base64url'] as const) {
            const encoded = Buffer.from(`${before}${key}${after}`).toString(encoding);
            const masked = one.text(`Basic ${encoded}`);
            expect(masked, `${before}|${after} ${encoding}`).toContain('***API_KEY');
            // What is left of the encoding holds no more than two bytes' worth of the key at either end.
            const left = masked.replace(/^Basic /, '').split('***API_KEY');
            for (const part of left)
              expect(part.length).toBeLessThanOrEqual(Math.ceil(((before.length + after.length + 2) * 8) / 6) + 3);
          }
        }
      }
    }
  });

  it('leaves base64 alone that only shares a few characters with a short value', () => {
    const short = createRedactor([{ name: 'PIN', value: '1234567' }]);
    const text = Buffer.from('x1234567 and other words').toString('base64');
    expect(short.text(text)).toBe(text);
  });

  it('masks a value JSON-escaped twice and three times, as a reason quoting a JSON answer gives it', () => {
    const one = createRedactor([{ name: 'MY_SECRET', value: 'pa"ss-word-123' }]);
    const answer = JSON.stringify({ key: 'pa"ss-word-123' });
    const reason = `expected "no", got ${JSON.stringify(answer)}`;
    expect(one.text(reason)).toBe('expected "no", got "{\\"key\\":\\"***MY_SECRET\\"}"');
    expect(one.text(JSON.stringify(reason))).not.toContain('ss-word-123');
  });

  it('masks a value in any letter case, naming where it came from', () => {
    expect(redactor.text('SK-LIVE-0123456789 Sk-Live-0123456789')).toBe('***OPENAI_API_KEY ***OPENAI_API_KEY');
    expect(redactor.text(encodeURIComponent('ghp_a<b>&"c\'d e/f+g').toLowerCase())).toBe('***GH_PAT');
  });

  it('masks inside data, sharing what did not change', () => {
    const shared = { kept: ['plain'] };
    const data = { a: 'x sk-live-0123456789', n: 3, b: shared, c: [null, true, 'sk-live-0123456789'] };
    const out = redactor.deep(data);
    expect(out).toEqual({ a: 'x ***OPENAI_API_KEY', n: 3, b: shared, c: [null, true, '***OPENAI_API_KEY'] });
    expect(out.b).toBe(shared);
    expect(data.a).toBe('x sk-live-0123456789');
  });

  it('masks a secret used as a key, keeping the keys in their order and a __proto__ key a key', () => {
    const data = JSON.parse('{"first": 1, "sk-live-0123456789": {"user": "alice"}, "__proto__": 2, "last": 3}');
    const out = redactor.deep(data) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['first', '***OPENAI_API_KEY', '__proto__', 'last']);
    expect(out['***OPENAI_API_KEY']).toEqual({ user: 'alice' });
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(JSON.stringify(out)).not.toContain('sk-live');
    const plain = { kept: 1 };
    expect(redactor.deep(plain)).toBe(plain);
  });

  it('masks the piece of a secret a cut left before or after an ellipsis, in any letter case', () => {
    const redactor = createRedactor([{ name: 'DEPLOY_TOKEN', value: 'tok_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789' }]);
    expect(redactor.text(`the answer "${'a'.repeat(10)} tok_ABCDEFGHIJ…" differs`)).toBe(
      `the answer "${'a'.repeat(10)} ***DEPLOY_TOKEN…" differs`,
    );
    expect(redactor.text('…uvwxyz0123456789 and more')).toBe('…***DEPLOY_TOKEN and more');
    expect(redactor.text('… [truncated] tok_ABCDEFG…')).toBe('… [truncated] ***DEPLOY_TOKEN…');
    // Shorter pieces, and text beside an ellipsis that is no piece of it, stay as they are.
    expect(redactor.text('say tok_A… or 6789…')).toBe('say tok_A… or 6789…');
    expect(redactor.text('wait… what tokens…')).toBe('wait… what tokens…');
  });

  it('writes a value that holds itself as [Circular] where it comes round again, masking the rest', () => {
    const args: Record<string, unknown> = { key: 'sk-live-0123456789', shared: { n: 1 } };
    args['self'] = args;
    args['list'] = [args['shared'], args['shared']];
    expect(redactor.deep({ args })).toEqual({
      args: { key: '***OPENAI_API_KEY', shared: { n: 1 }, self: '[Circular]', list: [{ n: 1 }, { n: 1 }] },
    });
  });

  it('tells how much of the end of a text could begin a secret, after its last line break', () => {
    expect(redactor.heldSuffix('A1 sk-live-01')).toBe('sk-live-01'.length);
    expect(redactor.heldSuffix('A1 SK-LI')).toBe(5);
    expect(redactor.heldSuffix('done sk-live-0123456789')).toBe(0);
    expect(redactor.heldSuffix('sk-live\n')).toBe(0);
    expect(redactor.heldSuffix('nothing here')).toBe(0);
    expect(createRedactor([]).heldSuffix('sk-')).toBe(0);
  });

  it('prefers the longest secret when one contains another', () => {
    const nested = createRedactor([
      { name: 'SHORT', value: 'abcdef' },
      { name: 'LONG', value: 'abcdefghij' },
    ]);
    expect(nested.text('abcdefghij abcdef')).toBe('***LONG ***SHORT');
  });

  it('masks a string exactly as long as the shortest secret, and passes shorter strings through', () => {
    const short = createRedactor([{ name: 'PIN', value: 'a1' }]);
    expect(short.text('a1')).toBe('***PIN');
    expect(short.text('a')).toBe('a');
    expect(short.deep({ name: 'a', input: ['a1', ''] })).toEqual({ name: 'a', input: ['***PIN', ''] });
  });

  it('does nothing without secrets', () => {
    const none = createRedactor([{ name: 'EMPTY', value: '' }]);
    expect(none.active).toBe(false);
    expect(none.text('anything')).toBe('anything');
  });

  it('masks a secret holding a character whose case folds to ASCII (the Kelvin sign), in every form', () => {
    const secret = '\u212a  ~   ';
    const one = createRedactor([{ name: 'S', value: secret }]);
    for (const form of encodings(secret)) expect(one.text(`a${form}b`)).toBe('a***Sb');
    expect(one.text(`x${secret.toUpperCase()}y ${secret.toLowerCase()}`)).toBe('x***Sy ***S');
  });

  it('always masks random secrets (metacharacters, unicode) in random text, in every encoding', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 6, maxLength: 40, unit: 'grapheme' }),
        fc.string({ maxLength: 60, unit: 'grapheme' }),
        fc.string({ maxLength: 60, unit: 'grapheme' }),
        (secret, before, after) => {
          const one = createRedactor([{ name: 'S', value: secret }]);
          for (const form of encodings(secret)) {
            const out = one.text(`${before}${form}${after}`);
            expect(out.includes(form) && !out.includes('***S')).toBe(false);
          }
          expect(one.text(`${before}${secret}${after}`)).not.toContain(secret);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('leaves text without any secret unchanged', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200, unit: 'grapheme' }), (text) => {
        const marker = createRedactor([{ name: 'S', value: '\u0000never-in-text\u0001' }]);
        expect(marker.text(text.replaceAll('\u0000', ''))).toBe(text.replaceAll('\u0000', ''));
      }),
      { numRuns: 300 },
    );
  });
});

describe('restore', () => {
  const redactor = createRedactor([
    { name: 'APP_PASSWORD', value: 'hunter2-secret' },
    { name: 'APP_PASSWORD_OLD', value: 'older-secret-1' },
    { name: 'TWICE', value: 'first-value-aa' },
    { name: 'TWICE', value: 'other-value-bb' },
  ]);

  it('puts back each masked value, in strings and keys, however deep', () => {
    const answer = { text: 'it is hunter2-secret, was older-secret-1', calls: [{ args: { 'hunter2-secret': 1 } }] };
    const masked = redactor.deep(answer);
    expect(JSON.stringify(masked)).not.toContain('hunter2');
    expect(redactor.restore(masked)).toEqual(answer);
  });

  it('leaves masks of a name given to two values, and of unknown names, as they are', () => {
    expect(redactor.restore('***TWICE and ***OTHER and ***APP_PASSWORD')).toBe(
      '***TWICE and ***OTHER and hunter2-secret',
    );
  });

  it('gives back the value as it is, not the form that was masked: masking another form cannot be undone', () => {
    const shouted = 'IT IS HUNTER2-SECRET';
    expect(redactor.restore(redactor.text(shouted))).toBe('IT IS hunter2-secret');
  });

  it('does nothing without secrets', () => {
    const none = createRedactor([]);
    expect(none.restore('***APP_PASSWORD')).toBe('***APP_PASSWORD');
  });
});
