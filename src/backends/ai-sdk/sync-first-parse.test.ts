import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeParseSyncFirst } from './sync-first-parse.js';

const response = z.object({
  id: z.string().nullish(),
  choices: z.array(z.object({ message: z.object({ content: z.string().nullish() }), index: z.number() })),
  usage: z.object({ prompt_tokens: z.number().nullish() }).nullish(),
});

const VALUES = [
  { id: 'a', choices: [{ message: { content: '42' }, index: 0 }], usage: { prompt_tokens: 7 }, extra: true },
  { choices: [] },
  { id: 3, choices: [{ message: {}, index: 'x' }] },
  null,
  'not an object',
];

describe('safeParseSyncFirst', () => {
  it.each(VALUES.map((value, i) => [i, value] as const))(
    'value %i: the result of safeParseAsync, without waiting for it',
    async (_i, value) => {
      const result = safeParseSyncFirst(response, value);
      expect(result).not.toBeInstanceOf(Promise);
      const expected = await z.safeParseAsync(response, value);
      expect(JSON.parse(JSON.stringify(result))).toEqual(JSON.parse(JSON.stringify(expected)));
    },
  );

  it('parses a schema with an asynchronous check the asynchronous way', async () => {
    const checked = z.object({ code: z.string().refine(async (code) => code.startsWith('c')) });
    const passing = safeParseSyncFirst(checked, { code: 'c1' });
    expect(passing).toBeInstanceOf(Promise);
    expect(await passing).toMatchObject({ success: true, data: { code: 'c1' } });
    expect(await safeParseSyncFirst(checked, { code: 'x' })).toMatchObject({ success: false });
  });

  it('lets an error thrown by a check through, as safeParseAsync does', async () => {
    const throwing = z.string().refine(() => {
      throw new Error('check broke');
    });
    expect(() => safeParseSyncFirst(throwing, 'a')).toThrow('check broke');
    await expect(z.safeParseAsync(throwing, 'a')).rejects.toThrow('check broke');
  });
});
