import { describe, expect, it } from 'vitest';
import { closestRequest, describeDifference, flatten } from './closest-request.js';
import type { RecordedRequest } from './normalize-request.js';
import { requestKey } from './request-key.js';

function request(question: string, extra: Partial<RecordedRequest> = {}): RecordedRequest {
  return {
    provider: 'openai.chat',
    model: 'gpt-4o-mini',
    messages: [
      { role: 'system', content: 'Answer with the number only.' },
      { role: 'user', content: [{ type: 'text', text: question }] },
    ],
    parameters: { temperature: 0 },
    ...extra,
  };
}

const keyed = (r: RecordedRequest) => ({ key: requestKey(r), request: r });

describe('closestRequest', () => {
  it('picks the recorded request with the fewest differing fields and names the first one', () => {
    const recorded = [
      keyed(request('what is the difference?', { model: 'gpt-4o' })),
      keyed(request('what about in 2008?')),
    ];
    const found = closestRequest(request('what about in 2007?'), recorded);
    expect(found).toMatchObject({
      key: recorded[1]!.key,
      path: 'messages[1].content[0].text',
      recorded: '"what about in 2008?"',
      sent: '"what about in 2007?"',
      fields: 1,
    });
    expect(describeDifference(found!)).toBe(
      'differs at messages[1].content[0].text: recorded "what about in 2008?", sent "what about in 2007?"',
    );
  });

  it('names a field one request has and the other lacks as absent, and counts the rest', () => {
    const recorded = [keyed(request('q'))];
    const found = closestRequest(request('q', { parameters: { temperature: 0, seed: 3 } }), recorded);
    expect(found).toMatchObject({ path: 'parameters.seed', recorded: '(absent)', sent: '3', fields: 1 });
    const two = closestRequest(request('r', { model: 'gpt-4o' }), recorded)!;
    expect(describeDifference(two)).toBe('differs at model: recorded "gpt-4o-mini", sent "gpt-4o" (and 1 more fields)');
  });

  it('shortens long values and gives null when nothing was recorded', () => {
    const long = 'x'.repeat(200);
    const found = closestRequest(request(long), [keyed(request('short'))])!;
    expect(found.sent.length).toBe(80);
    expect(found.sent.endsWith('…')).toBe(true);
    expect(closestRequest(request('q'), [])).toBeNull();
  });

  it('shows two long values from a little before their first difference, where it can be seen', () => {
    const instructions = `You are the assistant. ${'Answer briefly. '.repeat(10)}`;
    const found = closestRequest(request(`${instructions}Be polite.`), [keyed(request(instructions))])!;
    expect(found.recorded).toBe(`…${'Answer briefly. '.repeat(10).slice(-20)}"`);
    expect(found.sent).toBe(`…${'Answer briefly. '.repeat(10).slice(-20)}Be polite."`);
  });

  it('flattens empty lists and objects as leaves, so emptying one is a difference', () => {
    expect([...flatten({ a: [], b: {}, c: [1, { d: null }] }).entries()]).toEqual([
      ['a', '[]'],
      ['b', '{}'],
      ['c[0]', '1'],
      ['c[1].d', 'null'],
    ]);
  });
});
