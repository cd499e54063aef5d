import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { callTools, type FakeScript } from './fake-script.js';
import { type FakeModelServer, startFakeModelServer } from './start-fake-model-server.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function start(script: FakeScript, options = {}): Promise<FakeModelServer> {
  server = await startFakeModelServer(script, options);
  return server;
}

function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe('fake model server: requests', () => {
  it('normalises OpenAI messages, with tool names resolved from the calls', async () => {
    const fake = await start(() => ({ kind: 'answer', text: 'ok' }));
    await post(`${fake.url}/v1/chat/completions`, {
      model: 'gpt',
      messages: [
        { role: 'system', content: 'be brief' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'q' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,AA' } },
          ],
        },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'lookup', arguments: '{"column":"2009"}' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: '206588' },
      ],
      tools: [{ type: 'function', function: { name: 'lookup', description: 'cell', parameters: { type: 'object' } } }],
    });
    const [request] = fake.requests;
    expect(request).toMatchObject({ protocol: 'openai', model: 'gpt', stream: false, system: 'be brief' });
    expect(request?.messages).toEqual([
      { role: 'user', text: 'q', images: ['image/png'] },
      { role: 'assistant', text: '', tool_calls: [{ id: 'c1', name: 'lookup', args: { column: '2009' } }] },
      { role: 'tool', call_id: 'c1', name: 'lookup', content: '206588', is_error: false },
    ]);
    expect(request?.tools).toEqual([{ name: 'lookup', description: 'cell', parameters: { type: 'object' } }]);
  });

  it('normalises Anthropic tool_result blocks into tool messages', async () => {
    const fake = await start(() => ({ kind: 'answer', text: 'ok' }));
    await post(`${fake.url}/v1/messages`, {
      model: 'claude',
      system: [{ type: 'text', text: 'sys' }],
      messages: [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'archive', input: {} }] },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: 'offline' }], is_error: true },
            { type: 'text', text: 'next' },
          ],
        },
      ],
    });
    expect(fake.requests[0]?.system).toBe('sys');
    expect(fake.requests[0]?.messages.slice(2)).toEqual([
      { role: 'tool', call_id: 't1', name: 'archive', content: 'offline', is_error: true },
      { role: 'user', text: 'next', images: [] },
    ]);
  });

  it('routes Ollama and Azure deployment paths', async () => {
    const fake = await start(() => ({ kind: 'answer', text: 'ok' }));
    await post(`${fake.url}/api/chat`, { model: 'llama', messages: [{ role: 'user', content: 'q', images: ['AA'] }] });
    await post(`${fake.url}/openai/deployments/dep%201/chat/completions?api-version=2024-10-21`, { messages: [] });
    expect(fake.requests[0]).toMatchObject({
      protocol: 'ollama',
      stream: true,
      messages: [{ role: 'user', images: ['image/*'] }],
    });
    expect(fake.requests[1]).toMatchObject({
      protocol: 'azure',
      model: 'dep 1',
      query: { 'api-version': '2024-10-21' },
    });
  });

  it('serves the recorded requests and forgets them on reset', async () => {
    const fake = await start(() => ({ kind: 'answer', text: 'ok' }));
    await post(`${fake.url}/v1/chat/completions`, { model: 'a', messages: [] });
    const listed = (await (await fetch(`${fake.url}/_fake/requests`)).json()) as unknown[];
    expect(listed).toHaveLength(1);
    await fetch(`${fake.url}/_fake/reset`, { method: 'POST' });
    expect(fake.requests).toHaveLength(0);
    expect((await fetch(`${fake.url}/nowhere`, { method: 'POST' })).status).toBe(404);
  });
});

describe('fake model server: replies', () => {
  it('streams OpenAI tool-call arguments in pieces with a usage chunk', async () => {
    const fake = await start(() => ({
      ...callTools({ name: 'subtract', args: { a: 206588, b: 181001 } }),
      usage: { prompt_tokens: 9, completion_tokens: 2, cache_read_tokens: 4 },
    }));
    const text = await (
      await post(`${fake.url}/v1/chat/completions`, {
        model: 'm',
        stream: true,
        stream_options: { include_usage: true },
        messages: [],
      })
    ).text();
    const events = text
      .split('\n\n')
      .filter((e) => e.startsWith('data: {'))
      .map((e) => JSON.parse(e.slice(6)));
    const argumentPieces = events.flatMap(
      (e) =>
        e.choices[0]?.delta?.tool_calls?.map((c: { function: { arguments: string } }) => c.function.arguments) ?? [],
    );
    expect(argumentPieces.filter((p: string) => p !== '').length).toBeGreaterThan(1);
    expect(argumentPieces.join('')).toBe('{"a":206588,"b":181001}');
    expect(events.at(-1)?.usage).toEqual({
      prompt_tokens: 9,
      completion_tokens: 2,
      total_tokens: 11,
      prompt_tokens_details: { cached_tokens: 4 },
      completion_tokens_details: { reasoning_tokens: 0 },
    });
    expect(text.trim().endsWith('data: [DONE]')).toBe(true);
  });

  it('sends the Anthropic SSE event sequence', async () => {
    const fake = await start(() => ({
      kind: 'answer',
      text: 'hello there',
      tool_calls: [{ name: 'x', args: { k: 1 } }],
    }));
    const text = await (await post(`${fake.url}/v1/messages`, { model: 'c', stream: true, messages: [] })).text();
    const names = [...text.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
    expect(names[0]).toBe('message_start');
    expect(names).toContain('content_block_delta');
    expect(names.slice(-2)).toEqual(['message_delta', 'message_stop']);
    expect(text).toContain('"type":"input_json_delta"');
    expect(text).toContain('"stop_reason":"tool_use"');
  });

  it('answers errors in each protocol shape, with headers', async () => {
    const fake = await start(() => ({
      kind: 'error',
      status: 429,
      message: 'slow down',
      headers: { 'retry-after-ms': '10' },
    }));
    const openai = await post(`${fake.url}/v1/chat/completions`, { messages: [] });
    expect(openai.status).toBe(429);
    expect(openai.headers.get('retry-after-ms')).toBe('10');
    expect(await openai.json()).toMatchObject({ error: { message: 'slow down' } });
    expect(await (await post(`${fake.url}/v1/messages`, { messages: [] })).json()).toEqual({
      type: 'error',
      error: { type: 'rate_limit_error', message: 'slow down' },
    });
    expect(await (await post(`${fake.url}/api/chat`, { messages: [] })).json()).toEqual({ error: 'slow down' });
  });

  it('checks the API key where each protocol carries it', async () => {
    const fake = await start(() => ({ kind: 'answer', text: 'ok' }), { require_api_key: 'secret' });
    expect((await post(`${fake.url}/v1/messages`, { messages: [] }, { 'x-api-key': 'nope' })).status).toBe(401);
    expect((await post(`${fake.url}/v1/messages`, { messages: [] }, { 'x-api-key': 'secret' })).status).toBe(200);
    expect(
      (await post(`${fake.url}/v1/chat/completions`, { messages: [] }, { authorization: 'Bearer secret' })).status,
    ).toBe(200);
    expect(
      (await post(`${fake.url}/openai/v1/chat/completions`, { messages: [] }, { 'api-key': 'secret' })).status,
    ).toBe(200);
  });

  it('resets the connection, or cuts a response mid-way', async () => {
    const fake = await start((r) =>
      r.index === 0 ? { kind: 'reset' } : { kind: 'cut', text: 'a long answer that breaks off' },
    );
    await expect(post(`${fake.url}/v1/chat/completions`, { messages: [] })).rejects.toThrow();
    const cut = await post(`${fake.url}/v1/chat/completions`, { messages: [], stream: true });
    await expect(cut.text()).rejects.toThrow();
  });

  it('turns a failing script into a 500 naming the failure', async () => {
    const fake = await start(() => {
      throw new Error('no rule for this request');
    });
    const response = await post(`${fake.url}/v1/chat/completions`, { messages: [] });
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('fake script failed: Error: no rule for this request');
  });
});

describe('fake model server: standalone', () => {
  it('prints its URL as a JSON line, serves the script with options, and stops on SIGTERM', async () => {
    const entry = fileURLToPath(new URL('./fake-model-server.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', entry, '--port', '0', '--options', '{"no_tools_turn":1}'],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`exited ${code}`)));
    });
    const { url } = JSON.parse(line) as { url: string };
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const reply = await post(`${url}/v1/chat/completions`, {
      model: 'm',
      messages: [{ role: 'user', content: 'what is the difference?' }],
    });
    expect(((await reply.json()) as { choices: { message: { content: string } }[] }).choices[0]?.message.content).toBe(
      '25587',
    );
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
