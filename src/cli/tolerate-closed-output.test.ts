import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { tolerateClosedOutput } from './tolerate-closed-output.js';

/** A stream that fails every write with `code`, or collects what it is given. */
function stream(code: string | null): { stream: NodeJS.WriteStream; written: string[] } {
  const written: string[] = [];
  const writable = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (code === null) {
        written.push(chunk.toString());
        done();
        return;
      }
      done(Object.assign(new Error(`write ${code}`), { code }));
    },
  });
  return { stream: writable as unknown as NodeJS.WriteStream, written };
}

const settle = () => new Promise((done) => setImmediate(done));

describe('tolerateClosedOutput', () => {
  it('drops a closed pipe without a word, and whatever is written to it after', async () => {
    const out = stream('EPIPE');
    const err = stream(null);
    tolerateClosedOutput(out.stream, err.stream);
    out.stream.write('first line\n');
    await settle();
    out.stream.write('second line\n');
    await settle();
    expect(out.stream.destroyed).toBe(true);
    expect(err.written).toEqual([]);
  });

  it('says once on the other stream that one cannot be written for another reason', async () => {
    const out = stream(null);
    const err = stream('EIO');
    tolerateClosedOutput(out.stream, err.stream);
    err.stream.write('a warning\n');
    await settle();
    err.stream.write('another\n');
    await settle();
    expect(out.written).toEqual(['warning: stderr cannot be written (write EIO); the command goes on without it\n']);
  });

  it('without it, the same closed pipe is an uncaught error', async () => {
    const out = stream('EPIPE');
    const errors: unknown[] = [];
    const listen = (error: unknown) => errors.push(error);
    process.once('uncaughtException', listen);
    try {
      out.stream.write('line\n');
      await settle();
      await settle();
    } finally {
      process.removeListener('uncaughtException', listen);
    }
    expect(errors).toHaveLength(1);
  });
});
