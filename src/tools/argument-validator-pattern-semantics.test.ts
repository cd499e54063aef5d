import { describe, expect, it } from 'vitest';
import { createArgumentValidator } from './argument-validator.js';

describe('createArgumentValidator: a pattern matches as JSON Schema (ECMA-262) reads it', () => {
  const validate = createArgumentValidator({
    type: 'object',
    properties: { id: { type: 'string', pattern: '^\\S+$' }, line: { type: 'string', pattern: '^.+$' } },
  });

  it('refuses Unicode white space under \\S and a line terminator under .', () => {
    for (const id of ['ab\u00a0cd', 'ab\u000bcd', 'ab\u2003cd', 'ab\u3000cd', 'ab\ufeffcd']) {
      expect(validate({ id })).toEqual({ ok: false, message: 'id: must match pattern "^\\S+$"' });
    }
    expect(validate({ line: 'a\u2028b' })).toEqual({ ok: false, message: 'line: must match pattern "^.+$"' });
    expect(validate({ line: 'a\rb' }).ok).toBe(false);
    expect(validate({ id: 'abcd', line: 'a b' }).ok).toBe(true);
  });
});
