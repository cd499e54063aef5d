import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { forwardByLines } from './forward-by-lines.js';

function collect() {
  const writes: string[] = [];
  return { writes, to: { write: (text: string) => writes.push(text) } as unknown as NodeJS.WritableStream };
}

describe('forwardByLines', () => {
  it('passes whole lines on, holding the end of a line until it is whole or the stream ends', async () => {
    const from = new PassThrough();
    const { writes, to } = collect();
    forwardByLines(from, to);
    from.write('A1 sk-test-');
    from.write(Buffer.from('secret\nnext '));
    // A character cut between two chunks is joined, not garbled.
    const euro = Buffer.from('€\n');
    from.write(euro.subarray(0, 1));
    from.write(euro.subarray(1));
    from.end('tail');
    await new Promise((resolve) => from.on('end', resolve));
    expect(writes).toEqual(['A1 sk-test-secret\n', 'next €\n', 'tail']);
  });

  it('passes a line longer than 64 KiB on without waiting for its end', () => {
    const from = new PassThrough();
    const { writes, to } = collect();
    forwardByLines(from, to);
    from.write('x'.repeat(70 * 1024));
    expect(writes.map((text) => text.length)).toEqual([70 * 1024]);
  });
});
