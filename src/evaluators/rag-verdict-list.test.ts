import { describe, expect, it } from 'vitest';
import { verdictList } from './rag-verdict-list.js';

describe('verdictList', () => {
  const shape = verdictList('claims', 'claim', ['supported', 'unsupported'], 1);

  it('reads a list of judged parts and asks for it in its schema', () => {
    const answer = { claims: [{ claim: 'rose 3%', verdict: 'supported', reason: 'table row 2' }] };
    expect(shape.read(answer, 'answer')).toEqual(answer);
    expect(shape.schema).toMatchObject({
      type: 'object',
      required: ['claims'],
      properties: {
        claims: {
          type: 'array',
          items: {
            required: ['claim', 'verdict', 'reason'],
            properties: { verdict: { enum: ['supported', 'unsupported'] } },
          },
        },
      },
    });
  });

  it('refuses an unknown verdict, a missing part and fewer entries than asked, naming where', () => {
    const entry = { claim: 'c', verdict: 'maybe', reason: 'r' };
    expect(() => shape.read({ claims: [entry] }, 'answer')).toThrow(/answer\.claims\[0\]\.verdict/);
    expect(() => shape.read({ claims: [{ verdict: 'supported', reason: 'r' }] }, 'answer')).toThrow(/claim/);
    expect(() => shape.read({ claims: [] }, 'answer')).toThrow(/at least 1 item/);
  });
});
