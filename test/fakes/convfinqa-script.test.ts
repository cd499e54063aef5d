import { describe, expect, it } from 'vitest';
import { createConvFinQaScript, formatNumber, JKHY_2009 } from './convfinqa-script.js';
import type { FakeMessage, FakeReply, FakeRequest } from './fake-script.js';

const TOOLS = ['lookup', 'subtract', 'divide'].map((name) => ({ name, description: '', parameters: {} }));

function request(messages: readonly FakeMessage[], tools = TOOLS): FakeRequest {
  return {
    index: 0,
    protocol: 'openai',
    path: '/v1/chat/completions',
    query: {},
    headers: {},
    body: {},
    model: 'm',
    stream: true,
    system: '',
    messages,
    tools,
  };
}

const user = (text: string): FakeMessage => ({ role: 'user', text, images: [] });
const said = (text: string): FakeMessage => ({ role: 'assistant', text, tool_calls: [] });
const called = (name: string, args: Record<string, unknown>): FakeMessage => ({
  role: 'assistant',
  text: '',
  tool_calls: [{ id: `c-${name}`, name, args }],
});
const result = (name: string, content: string, is_error = false): FakeMessage => ({
  role: 'tool',
  call_id: `c-${name}`,
  name,
  content,
  is_error,
});

const [q1, q2, q3, q4] = [
  JKHY_2009.turns[0].input,
  JKHY_2009.turns[1].input,
  JKHY_2009.turns[2].input,
  JKHY_2009.turns[3].input,
];
const history = [user(q1), called('lookup', {}), result('lookup', '206588'), said('206588')];

function toolCall(reply: FakeReply) {
  return reply.kind === 'answer' ? reply.tool_calls?.[0] : undefined;
}

describe('ConvFinQA script', () => {
  const script = createConvFinQaScript();

  it('looks the value up, then answers with the tool result', async () => {
    expect(toolCall(await script(request([user(q1)])))).toEqual({
      name: 'lookup',
      args: { row: 'net cash from operating activities', column: '2009' },
    });
    expect(await script(request(history))).toEqual({ kind: 'answer', text: '206588' });
  });

  it('resolves the follow-up questions from the conversation', async () => {
    expect(toolCall(await script(request([...history, user(q2)])))?.args).toMatchObject({ column: '2008' });
    expect(toolCall(await script(request([...history, user(q3)])))).toEqual({
      name: 'subtract',
      args: { a: 206588, b: 181001 },
    });
  });

  it('chains divide on the subtract result, then answers rounded to 5 decimals', async () => {
    const turn4 = [...history, user(q4), called('subtract', {}), result('subtract', '25587')];
    expect(toolCall(await script(request(turn4)))).toEqual({ name: 'divide', args: { a: 25587, b: 181001 } });
    const done = [...turn4, called('divide', {}), result('divide', String(25587 / 181001))];
    expect(await script(request(done))).toEqual({ kind: 'answer', text: '0.14136' });
  });

  it('finds host-prefixed tool names', async () => {
    const prefixed = TOOLS.map((t) => ({ ...t, name: `mcp__fin__${t.name}` }));
    expect(toolCall(await script(request([user(q3)], prefixed)))?.name).toBe('mcp__fin__subtract');
  });

  it('answers from its own table when the tools are not offered', async () => {
    expect(await script(request([user(q4)], []))).toEqual({ kind: 'answer', text: '0.14136' });
  });

  it('reports a tool error instead of a number', async () => {
    const reply = await script(
      request([user(q3), called('subtract', {}), result('subtract', 'division by zero', true)]),
    );
    expect(reply).toEqual({ kind: 'answer', text: 'I could not compute that: division by zero' });
  });

  it('answers wrongly at the chosen turn', async () => {
    const wrong = createConvFinQaScript({ wrong_answer_turn: 2 });
    expect(await wrong(request([user(q3), called('subtract', {}), result('subtract', '25587')]))).toEqual({
      kind: 'answer',
      text: '25587',
    });
    const turn2 = [...history, user(q3), called('subtract', {}), result('subtract', '25587')];
    expect(await wrong(request(turn2))).toEqual({ kind: 'answer', text: '25000' });
  });

  it('passes a wrong argument at the chosen turn', async () => {
    const wrong = createConvFinQaScript({ wrong_args_turn: 1 });
    expect(toolCall(await wrong(request([user(q3)])))).toEqual({ name: 'subtract', args: { a: 206588, b: 180000 } });
  });

  it('skips the tools at the chosen turn, and can answer in a sentence with a delay', async () => {
    const chatty = createConvFinQaScript({ no_tools_turn: 1, answer_style: 'sentence', delay_ms: 5 });
    expect(await chatty(request([user(q3)]))).toEqual({ kind: 'answer', text: 'The answer is 25587.', delay_ms: 5 });
  });

  it('renames the lookup arguments', async () => {
    const renamed = createConvFinQaScript({ lookup_keys: { row: 'metric', column: 'year' } });
    expect(toolCall(await renamed(request([user(q1)])))?.args).toEqual({
      metric: 'net cash from operating activities',
      year: '2009',
    });
  });

  it('formats numbers like the dataset answers', () => {
    expect(formatNumber(25587)).toBe('25587');
    expect(formatNumber(0.1413638)).toBe('0.14136');
    expect(formatNumber(-1.5)).toBe('-1.5');
  });
});
