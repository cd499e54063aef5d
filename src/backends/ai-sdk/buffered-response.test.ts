import { TextDecoderStream } from 'node:stream/web';
import { describe, expect, it } from 'vitest';
import { bufferedResponse } from './buffered-response.js';

const RAW = ['Content-Type', 'application/json', 'X-B', '1', 'Set-Cookie', 'a=1', 'x-b', '2', 'set-cookie', 'b=2'];
const bytes = (text: string) => new TextEncoder().encode(text);

function response(body: Uint8Array | null, failure: Error | null = null, status = 200) {
  return bufferedResponse({ status, statusText: 'OK', url: 'http://127.0.0.1/x', rawHeaders: RAW, body, failure });
}

describe('bufferedResponse', () => {
  it('answers headers as a web Response does: any case, repeated values joined, iterated in name order', () => {
    const headers = response(null).headers;
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('X-B')).toBe('1, 2');
    expect(headers.has('x-missing')).toBe(false);
    expect(headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    const web = new Headers();
    for (let i = 0; i < RAW.length; i += 2) web.append(RAW[i] as string, RAW[i + 1] as string);
    expect([...headers]).toEqual([...web]);
    expect(Object.fromEntries([...headers])).toEqual(Object.fromEntries([...web]));
  });

  it('reads the body once, as text, JSON or bytes, and by a reader in one chunk', async () => {
    const first = response(bytes('{"a":1}'));
    expect(first.ok).toBe(true);
    expect(await first.clone().json()).toEqual({ a: 1 });
    expect(await first.text()).toBe('{"a":1}');
    expect(first.bodyUsed).toBe(true);
    await expect(first.text()).rejects.toThrow(TypeError);
    const reader = response(bytes('abc')).body?.getReader();
    const chunk = await reader?.read();
    expect(new TextDecoder().decode(chunk?.value)).toBe('abc');
    expect(await reader?.read()).toEqual({ done: true, value: undefined });
  });

  it('has no body for a status without one, and ok false outside 2xx', () => {
    expect(response(null, null, 204).body).toBeNull();
    expect(response(bytes('x'), null, 429).ok).toBe(false);
  });

  it('fails reading a broken body after the bytes that arrived, with TypeError terminated and the cause', async () => {
    const cause = Object.assign(new Error('other side closed'), { code: 'ECONNRESET' });
    await expect(response(bytes('{"par'), cause).text()).rejects.toMatchObject({ message: 'terminated', cause });
    const reader = response(bytes('{"par'), cause).body?.getReader();
    expect((await reader?.read())?.done).toBe(false);
    await expect(reader?.read()).rejects.toMatchObject({ name: 'TypeError', message: 'terminated', cause });
  });

  it('pipes through a real stream when asked to', async () => {
    const body = response(bytes('streamed')).body;
    if (body === null) throw new Error('no body');
    let text = '';
    for await (const part of body.pipeThrough(new TextDecoderStream())) text += part;
    expect(text).toBe('streamed');
  });
});
