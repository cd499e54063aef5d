import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { boundThreadOutput } from './bound-thread-output.js';

/** A stream taken slowly, as a worker thread's stdout is: each write waits for the next turn of the loop. */
function slowStream(): { stream: NodeJS.WriteStream; taken: string[] } {
  const taken: string[] = [];
  const stream = new Writable({
    decodeStrings: false,
    write(chunk: string, _encoding, callback) {
      taken.push(chunk);
      setImmediate(callback);
    },
  });
  return { stream: stream as unknown as NodeJS.WriteStream, taken };
}

describe('boundThreadOutput', () => {
  it('drops what is written past the limit while nothing is taken, and says how much once drained', async () => {
    const { stream, taken } = slowStream();
    boundThreadOutput(stream, 20_000);
    const line = `${'x'.repeat(999)}\n`;
    for (let i = 0; i < 100; i += 1) stream.write(line);
    await new Promise((resolve) => stream.once('drain', resolve));
    await new Promise((resolve) => setImmediate(resolve));
    const text = taken.join('');
    const kept = text.split('\n').filter((l) => l.startsWith('x')).length;
    expect(kept).toBe(21);
    expect(text).toContain(`[holodeck: ${(100 - kept) * 1000} characters of output dropped here`);
  });

  it('passes everything on when it is taken as fast as it is written, callbacks included', async () => {
    const { stream, taken } = slowStream();
    boundThreadOutput(stream, 10_000);
    let called = 0;
    for (let i = 0; i < 50; i += 1) {
      await new Promise<void>((resolve) => stream.write(`${i}\n`, 'utf8', () => resolve()));
      called += 1;
    }
    expect(called).toBe(50);
    expect(taken.join('')).toBe(Array.from({ length: 50 }, (_, i) => `${i}\n`).join(''));
  });

  it('calls the callback of a dropped write', async () => {
    const { stream } = slowStream();
    boundThreadOutput(stream, 10);
    stream.write('x'.repeat(20_000));
    const done = await new Promise<boolean>((resolve) => stream.write('dropped', () => resolve(true)));
    expect(done).toBe(true);
  });
});
