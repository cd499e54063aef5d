/**
 * A worker thread's stdout or stderr, passed on to the process's own a line at a time. The process masks secrets
 * in what it writes, and holds back the end of a write that could begin one until the next write tells; but the
 * next write to the process's stream may come from elsewhere (the console's line for a finished case) while user
 * code in a thread writes a key in two pieces. Whole lines keep a thread's pieces together: a secret holds no
 * line break. A line longer than LONGEST is passed on in parts, and what is left when the thread ends, as it is.
 */
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

const LONGEST = 64 * 1024;

export function forwardByLines(from: Readable, to: NodeJS.WritableStream): void {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  from.on('data', (chunk: Buffer | string) => {
    const text = pending + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
    const end = text.lastIndexOf('\n') + 1;
    pending = text.slice(end);
    if (pending.length > LONGEST) {
      to.write(text);
      pending = '';
    } else if (end > 0) {
      to.write(text.slice(0, end));
    }
  });
  from.on('end', () => {
    const rest = pending + decoder.end();
    pending = '';
    if (rest !== '') to.write(rest);
  });
}
